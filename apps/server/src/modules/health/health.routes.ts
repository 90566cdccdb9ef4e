import type { FastifyInstance } from 'fastify';

const READY_TIMEOUT_MS = 2000;

/**
 * `/api/health`: the process is alive (no database access; for liveness probes).
 * `/api/ready`: the database answers `select 1` within 2 s (for readiness probes / load balancers);
 * 503 `{ error: 'UNAVAILABLE', message }` otherwise.
 */
export default async function healthRoutes(app: FastifyInstance, opts: { health: { engine: string; ping(): Promise<void> } }) {
  const repo = opts.health;

  app.get('/health', async () => ({ status: 'ok' }));

  app.get('/ready', async (request, reply) => {
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        repo.ping(),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error('database ping timed out')), READY_TIMEOUT_MS);
        }),
      ]);
      return { status: 'ready', database: repo.engine };
    } catch (err) {
      request.log.warn({ err }, 'readiness check failed');
      return reply.status(503).send({ error: 'UNAVAILABLE', message: 'The database is not reachable' });
    } finally {
      clearTimeout(timer);
    }
  });
}
