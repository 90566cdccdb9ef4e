import { adminCheckResponseSchema, idParamsSchema, paginationQuerySchema, TOTAL_COUNT_HEADER, userRecordResponseSchema, userSchema } from '@bulkparts/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parseInput } from '../../lib/validate.js';
import { responseSchema } from '../../lib/zod-json-schema.js';
import { createUsersRepository } from './users.repository.js';
import { createUsersService } from './users.service.js';

const emailParams = z.object({ email: z.string().min(1, 'email is required').max(320, 'email is too long') });
const userListQuerySchema = paginationQuerySchema.extend({ q: z.string().trim().max(100, 'Search text must be at most 100 characters').optional() });

export default async function usersRoutes(app: FastifyInstance, opts: { adminEmails?: readonly string[] }) {
  const service = createUsersService(createUsersRepository(app.database.db, app.database.engine), { adminEmails: opts.adminEmails });

  app.get('/user', { preHandler: app.requireAdmin, schema: { response: { 200: responseSchema(z.array(userSchema)) } } }, async (request, reply) => {
    const query = parseInput(userListQuerySchema, request.query);
    const { items, total } = await service.list(query.q || undefined, query.page, query.limit);
    reply.header(TOTAL_COUNT_HEADER, String(total));
    return items;
  });

  // Registered before `/user/:email` so the static segment wins (find-my-way does this anyway).
  app.put(
    '/user/admin/:email',
    { preHandler: app.requireAdmin, schema: { response: { 200: responseSchema(z.object({ modifiedCount: z.number().int() })) } } },
    async (request) => {
      const { email } = parseInput(emailParams, request.params);
      return service.promote(email);
    },
  );

  // Takes admin rights back; the session cache is cleared by the write (plugins/auth.ts), so the
  // demoted admin is refused from their next request on this instance, within 1 s on others.
  app.delete(
    '/user/admin/:email',
    { preHandler: app.requireAdmin, schema: { response: { 200: responseSchema(z.object({ modifiedCount: z.number().int() })) } } },
    async (request) => {
      const { email } = parseInput(emailParams, request.params);
      return service.demote(request.user!, email);
    },
  );

  app.delete(
    '/user/:id',
    { preHandler: app.requireAdmin, schema: { response: { 200: responseSchema(z.object({ deletedCount: z.number().int() })) } } },
    async (request) => {
      const { id } = parseInput(idParamsSchema, request.params);
      return service.remove(request.user!, id);
    },
  );

  app.put('/user/:email', { preHandler: app.requireUser, schema: { response: { 200: responseSchema(userRecordResponseSchema) } } }, async (request) => {
    const { email } = parseInput(emailParams, request.params);
    return service.recordSignedInUser(request.user!, email);
  });

  app.get('/admin/:email', { preHandler: app.requireUser, schema: { response: { 200: responseSchema(adminCheckResponseSchema) } } }, async (request) => {
    const { email } = parseInput(emailParams, request.params);
    return service.isAdmin(request.user!, email);
  });
}
