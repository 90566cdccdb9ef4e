import { adminCheckResponseSchema, idParamsSchema, paginationQuerySchema, TOTAL_COUNT_HEADER, userRecordResponseSchema, userSchema } from '@bulkparts/shared';
import { z } from 'zod';
import { currentUser } from '../../lib/current-user.js';
import { type ApiInstance } from '../../lib/validate.js';
import { responseSchema } from '../../lib/zod-json-schema.js';
import type { RemoveAccount, UsersService } from './users.service.js';

const emailParams = z.object({ email: z.string().min(1, 'email is required').max(320, 'email is too long') });
const userListQuerySchema = paginationQuerySchema.extend({ q: z.string().trim().max(100, 'Search text must be at most 100 characters').optional() });

export default async function usersRoutes(app: ApiInstance, opts: { users: UsersService; removeAccount: RemoveAccount }) {
  const service = opts.users;

  app.get(
    '/user',
    { preValidation: app.requireAdmin, schema: { querystring: userListQuerySchema, response: { 200: responseSchema(z.array(userSchema)) } } },
    async (request, reply) => {
      const { q, page, limit } = request.query;
      const { items, total } = await service.list(q || undefined, page, limit);
      reply.header(TOTAL_COUNT_HEADER, String(total));
      return items;
    },
  );

  // Registered before `/user/:email` so the static segment wins (find-my-way does this anyway).
  app.put(
    '/user/admin/:email',
    { preValidation: app.requireAdmin, schema: { params: emailParams, response: { 200: responseSchema(z.object({ modifiedCount: z.number().int() })) } } },
    async (request) => service.promote(request.params.email),
  );

  // Takes admin rights back; the users service clears the session cache (ADR 0012).
  app.delete(
    '/user/admin/:email',
    { preValidation: app.requireAdmin, schema: { params: emailParams, response: { 200: responseSchema(z.object({ modifiedCount: z.number().int() })) } } },
    async (request) => service.demote(currentUser(request), request.params.email),
  );

  app.delete(
    '/user/:id',
    { preValidation: app.requireAdmin, schema: { params: idParamsSchema, response: { 200: responseSchema(z.object({ deletedCount: z.number().int() })) } } },
    async (request) => opts.removeAccount(currentUser(request), request.params.id),
  );

  app.put(
    '/user/:email',
    { preValidation: app.requireUser, schema: { params: emailParams, response: { 200: responseSchema(userRecordResponseSchema) } } },
    async (request) => service.recordSignedInUser(currentUser(request), request.params.email),
  );

  app.get(
    '/admin/:email',
    { preValidation: app.requireUser, schema: { params: emailParams, response: { 200: responseSchema(adminCheckResponseSchema) } } },
    async (request) => service.isAdmin(currentUser(request), request.params.email),
  );
}
