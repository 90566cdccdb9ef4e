import { paginationQuerySchema, profileInputSchema, profileSchema, TOTAL_COUNT_HEADER } from '@bulkparts/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { forbidden } from '../../lib/errors.js';
import { parseInput } from '../../lib/validate.js';
import { responseSchema } from '../../lib/zod-json-schema.js';
import { readUploadedFile } from '../uploads/uploads.service.js';
import { createProfilesRepository } from './profiles.repository.js';
import { createProfilesService } from './profiles.service.js';

const profileQuerySchema = paginationQuerySchema.extend({ all: z.enum(['0', '1'], { error: 'all must be 0 or 1' }).optional() });

/**
 * `GET /api/profile` answers the caller's own profile; admins add `?all=1` for the list of every
 * profile (the spec's "list of profiles"), paginated with X-Total-Count.
 */
export default async function profilesRoutes(app: FastifyInstance) {
  const service = createProfilesService(createProfilesRepository(app.database.db));

  app.get(
    '/profile',
    { preHandler: app.requireUser, schema: { response: { 200: responseSchema(z.union([profileSchema, z.array(profileSchema)])) } } },
    async (request, reply) => {
      const query = parseInput(profileQuerySchema, request.query);
      if (query.all !== '1') return service.own(request.user!.id);
      if (request.user!.role !== 'admin') throw forbidden('Only admins can list every profile');
      const { items, total } = await service.list(query.page, query.limit);
      reply.header(TOTAL_COUNT_HEADER, String(total));
      return items;
    },
  );

  app.post('/profile', { preHandler: app.requireUser, schema: { response: { 200: responseSchema(profileSchema) } } }, async (request) => {
    const input = parseInput(profileInputSchema, request.body);
    return service.save(request.user!.id, input);
  });

  app.post('/profile/photo', { preHandler: app.requireUser, schema: { response: { 200: responseSchema(profileSchema) } } }, async (request) => {
    const bytes = await readUploadedFile(request);
    const url = await app.uploads.accept(request.user!, bytes);
    const before = await service.own(request.user!.id);
    const profile = await service.setPhoto(request.user!.id, url);
    // The replaced photo goes unless a review (or anything else) still shows it.
    if (before.photoURL !== url) await app.uploads.releaseIfUnused(before.photoURL);
    return profile;
  });

  /** Product images for admins: answers `{ url }` to put into the product's `img`. */
  app.post(
    '/uploads',
    { preHandler: app.requireAdmin, schema: { response: { 201: responseSchema(z.object({ url: z.string() })) } } },
    async (request, reply) => {
      const bytes = await readUploadedFile(request);
      const url = await app.uploads.accept(request.user!, bytes);
      return reply.status(201).send({ url });
    },
  );
}
