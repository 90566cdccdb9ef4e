import { authConfigResponseSchema, type AuthConfig } from '@bulkparts/shared';
import type { FastifyInstance } from 'fastify';
import { responseSchema } from '../../lib/zod-json-schema.js';

/**
 * `GET /api/auth-config`: public; the sign-in pages show 'Continue with Google' only when it works,
 * and the Contact and About pages read the shop's address, phone and email from it.
 */
export default async function authRoutes(app: FastifyInstance, opts: { google: boolean; contact: AuthConfig['contact'] }) {
  const body: AuthConfig = { google: opts.google, contact: opts.contact };
  app.get('/auth-config', { schema: { response: { 200: responseSchema(authConfigResponseSchema) } } }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return body;
  });
}
