import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createRateLimitRepository } from '../modules/rate-limit/rate-limit.repository.js';
import { createRateLimiter, RateLimitedError, type RateLimiter } from '../modules/rate-limit/rate-limit.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    rateLimiter: RateLimiter;
  }
}

/**
 * `app.rateLimiter`: database-backed counters shared by every instance (modules/rate-limit).
 * A `RateLimitedError` becomes 429 `{ error: 'RATE_LIMITED', message }` with Retry-After.
 */
export default fp<{ enabled: boolean }>(async function rateLimitPlugin(app: FastifyInstance, opts) {
  const limiter = createRateLimiter(createRateLimitRepository(app.database.db), { enabled: opts.enabled });
  app.decorate('rateLimiter', limiter);
  app.addHook('onError', async (_request, reply, error) => {
    if (error instanceof RateLimitedError) reply.header('retry-after', String(error.retryAfterSeconds));
  });
  if (opts.enabled) {
    const timer = setInterval(() => void limiter.purge().catch((err) => app.log.warn({ err }, 'rate limit purge failed')), 60 * 60_000);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  }
});
