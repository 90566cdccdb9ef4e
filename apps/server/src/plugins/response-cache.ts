import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

interface Entry {
  at: number;
  /** Bytes, not the string: a hit then skips UTF-8 encoding the body again on every answer. */
  payload: Buffer;
  headers: Record<string, string>;
}

const KEPT_HEADERS = ['content-type', 'x-total-count'];

/**
 * A tiny in-memory cache of public catalogue reads (`GET /api/service`, `GET /api/service/:id`),
 * keyed by the full URL (path + query), holding the already-serialised JSON.
 *
 * - Any successful write (a non-GET request answered < 400: product edits, stock, purchases, …)
 *   clears the whole cache in this instance, so a single instance never serves stale data.
 * - Entries live at most `ttlMs` (default 1 s): that bounds how stale another instance's writes
 *   can look when several instances share one PostgreSQL. Stock is always checked again by the
 *   purchase itself, so a stale figure can never oversell.
 * - Requests that depend on who asks (`includeArchived`) are never cached. At most 1000 entries.
 */
export default fp<{ routes: string[]; ttlMs?: number }>(async function responseCache(app: FastifyInstance, opts) {
  const ttl = opts.ttlMs ?? 1000;
  const routes = new Set(opts.routes);
  const cache = new Map<string, Entry>();
  const pending = new WeakMap<FastifyRequest, string>();

  app.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done) => {
    if (request.method !== 'GET' || !routes.has(request.routeOptions.url ?? '') || request.url.includes('includeArchived')) return done();
    const hit = cache.get(request.url);
    if (hit && Date.now() - hit.at < ttl) {
      reply.headers(hit.headers);
      reply.send(hit.payload);
      return;
    }
    pending.set(request, request.url);
    done();
  });

  app.addHook('onSend', (request: FastifyRequest, reply: FastifyReply, payload: unknown, done) => {
    const key = pending.get(request);
    if (key !== undefined && reply.statusCode === 200 && typeof payload === 'string') {
      if (cache.size >= 1000) cache.clear();
      const headers: Record<string, string> = {};
      for (const name of KEPT_HEADERS) {
        const value = reply.getHeader(name);
        if (value !== undefined) headers[name] = String(value);
      }
      cache.set(key, { at: Date.now(), payload: Buffer.from(payload), headers });
    }
    done(null, payload);
  });

  app.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 400 && cache.size) cache.clear();
    done();
  });
});
