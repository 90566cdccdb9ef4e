import { adminCheckResponseSchema, userRecordResponseSchema } from '@bulkparts/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parseInput } from '../../lib/validate.js';
import { responseSchema } from '../../lib/zod-json-schema.js';
import { createUsersRepository } from './users.repository.js';
import { createUsersService } from './users.service.js';

const emailParams = z.object({ email: z.string().min(1, 'email is required').max(320, 'email is too long') });

export default async function usersRoutes(app: FastifyInstance) {
  const service = createUsersService(createUsersRepository(app.database.db));

  app.put('/user/:email', { preHandler: app.requireUser, schema: { response: { 200: responseSchema(userRecordResponseSchema) } } }, async (request) => {
    const { email } = parseInput(emailParams, request.params);
    return service.recordSignedInUser(request.user!, email);
  });

  app.get('/admin/:email', { preHandler: app.requireUser, schema: { response: { 200: responseSchema(adminCheckResponseSchema) } } }, async (request) => {
    const { email } = parseInput(emailParams, request.params);
    return service.isAdmin(request.user!, email);
  });
}
