import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { apiErrorSchema } from '@bulkparts/shared';
import { responseSchema } from '../../lib/zod-json-schema.js';

const READY_TIMEOUT_MS = 2000;

// Only probes read these (no client in apps/web), so they are not in packages/shared.
const healthSchema = z.object({ status: z.literal('ok') });
const readySchema = z.object({ status: z.literal('ready'), database: z.enum(['sqlite', 'postgres']) });

/**
 * `/api/health`: the process is alive (no database access; for liveness probes).
 * `/api/ready`: the database answers `select 1` within 2 s (for readiness probes / load balancers);
 * 503 `{ error: 'UNAVAILABLE', message }` otherwise.
 */
export default async function healthRoutes(app: FastifyInstance, opts: { health: { engine: string; ping(): Promise<void> } }) {
  const repo = opts.health;

  app.get('/health', { schema: { response: { 200: responseSchema(healthSchema) } } }, async () => ({ status: 'ok' as const }));

  app.get('/ready', { schema: { response: { 200: responseSchema(readySchema), 503: responseSchema(apiErrorSchema) } } }, async (request, reply) => {
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        repo.ping(),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error('database ping timed out')), READY_TIMEOUT_MS);
        }),
      ]);
      return { status: 'ready' as const, database: repo.engine };
    } catch (err) {
      request.log.warn({ err }, 'readiness check failed');
      return reply.status(503).send({ error: 'UNAVAILABLE', message: 'The database is not reachable' });
    } finally {
      clearTimeout(timer);
    }
  });
}
