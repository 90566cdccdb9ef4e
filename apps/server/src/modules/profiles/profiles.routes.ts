import { paginationQuerySchema, profileInputSchema, profileSchema, TOTAL_COUNT_HEADER } from '@bulkparts/shared';
import { z } from 'zod';
import { forbidden } from '../../lib/errors.js';
import { currentUser } from '../../lib/current-user.js';
import { type ApiInstance } from '../../lib/validate.js';
import { responseSchema } from '../../lib/zod-json-schema.js';
import { readUploadedFile, type UploadsService } from '../uploads/uploads.service.js';
import type { ProfilesService } from './profiles.service.js';

const profileQuerySchema = paginationQuerySchema.extend({ all: z.enum(['0', '1'], { error: 'all must be 0 or 1' }).optional() });

/**
 * `GET /api/profile` answers the caller's own profile; admins add `?all=1` for the list of every
 * profile (the spec's "list of profiles"), paginated with X-Total-Count.
 */
export default async function profilesRoutes(app: ApiInstance, opts: { profiles: ProfilesService; uploads: UploadsService }) {
  const { profiles: service, uploads } = opts;

  app.get(
    '/profile',
    {
      preValidation: app.requireUser,
      schema: { querystring: profileQuerySchema, response: { 200: responseSchema(z.union([profileSchema, z.array(profileSchema)])) } },
    },
    async (request, reply) => {
      const { all, page, limit } = request.query;
      const user = currentUser(request);
      if (all !== '1') return service.own(user.id);
      if (user.role !== 'admin') throw forbidden('Only admins can list every profile');
      const { items, total } = await service.list(page, limit);
      reply.header(TOTAL_COUNT_HEADER, String(total));
      return items;
    },
  );

  app.post(
    '/profile',
    { preValidation: app.requireUser, schema: { body: profileInputSchema, response: { 200: responseSchema(profileSchema) } } },
    async (request) => service.save(currentUser(request).id, request.body),
  );

  // Multipart: the file is read and checked by readUploadedFile, not by a schema.
  app.post('/profile/photo', { preValidation: app.requireUser, schema: { response: { 200: responseSchema(profileSchema) } } }, async (request) => {
    const user = currentUser(request);
    const bytes = await readUploadedFile(request);
    const url = await uploads.accept(user, bytes);
    const before = await service.own(user.id);
    const profile = await service.setPhoto(user.id, url);
    // The replaced photo goes unless a review (or anything else) still shows it.
    if (before.photoURL !== url) await uploads.releaseIfUnused(before.photoURL);
    return profile;
  });

  /** Product images for admins: answers `{ url }` to put into the product's `img`. */
  app.post(
    '/uploads',
    { preValidation: app.requireAdmin, schema: { response: { 201: responseSchema(z.object({ url: z.string() })) } } },
    async (request, reply) => {
      const bytes = await readUploadedFile(request);
      const url = await uploads.accept(currentUser(request), bytes);
      return reply.status(201).send({ url });
    },
  );
}
