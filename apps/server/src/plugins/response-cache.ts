import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Set by a route whose GET answers may come from the catalogue cache
     * (modules/products/catalogue-cache.ts); `skip` keeps a request out of it (answers that
     * depend on who asks).
     */
    catalogueCache?: { skip?: (request: FastifyRequest) => boolean };
  }
}

const KEPT_HEADERS = ['content-type', 'x-total-count'];

/**
 * Answers GETs of routes marked `config.catalogueCache` from the catalogue cache, keyed by the
 * full URL, and keeps their 200 answers in it. It never clears the cache: the products service
 * does, after each product or stock write (ADR 0012). A hit answers in onRequest, so the
 * security headers' hook must run first: `dependencies` says so and Fastify checks it.
 */
export default fp(
  async function responseCache(app: FastifyInstance) {
    const cache = app.services.catalogueCache;
    const pending = new WeakMap<FastifyRequest, string>();
    app.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done) => {
      const marked = request.routeOptions.config.catalogueCache;
      if (request.method !== 'GET' || !marked || marked.skip?.(request)) return done();
      const hit = cache.get(request.url);
      if (hit) {
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
        const headers: Record<string, string> = {};
        for (const name of KEPT_HEADERS) {
          const value = reply.getHeader(name);
          if (value !== undefined) headers[name] = String(value);
        }
        cache.set(key, { payload: Buffer.from(payload), headers });
      }
      done(null, payload);
    });
  },
  { name: 'response-cache', dependencies: ['services', 'security-headers'] },
);
