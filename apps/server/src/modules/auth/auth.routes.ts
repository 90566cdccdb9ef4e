import { authConfigResponseSchema, type AuthConfig } from '@bulkparts/shared';
import type { FastifyInstance } from 'fastify';
import { responseSchema } from '../../lib/zod-json-schema.js';

/**
 * `GET /api/auth-config`: public; the sign-in pages show 'Continue with Google' only when it works,
 * and the Contact and About pages read the seller's name, address, phone and email from it (issue
 * 30: the settings module's seller record, the same the invoices print).
 */
export default async function authRoutes(app: FastifyInstance, opts: { google: boolean; contact: () => Promise<AuthConfig['contact']> }) {
  app.get('/auth-config', { schema: { response: { 200: responseSchema(authConfigResponseSchema) } } }, async (_request, reply) => {
    // Revalidated every time: an admin's change of the seller's address shows on the Contact page at once.
    reply.header('cache-control', 'no-cache');
    return { google: opts.google, contact: await opts.contact() } satisfies AuthConfig;
  });
}
