import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasSessionCookie } from '../lib/session-user.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Set by a route whose GET answers may come from the catalogue cache
     * (modules/products/catalogue-cache.ts); `skip` keeps a request out of it (answers that
     * depend on who asks).
     */
    catalogueCache?: {
      skip?: (request: FastifyRequest) => boolean;
      /**
       * Issue 18: names the variant of the answer this request gets (a company member's price
       * list), or null for the public one. Asked only when the request carries a session cookie,
       * so anonymous reads stay one synchronous map lookup.
       */
      variant?: (request: FastifyRequest) => Promise<string | null>;
    };
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
      const answer = (key: string) => {
        const hit = cache.get(key);
        if (hit) {
          reply.headers(hit.headers);
          reply.send(hit.payload);
          return;
        }
        pending.set(request, key);
        done();
      };
      if (!marked.variant || !hasSessionCookie(request)) return answer(request.url);
      // A signed-in member with own prices gets their price list's answers, kept apart (issue 18).
      marked.variant(request).then(
        (variant) => answer(variant === null ? request.url : `${request.url}\u0000${variant}`),
        (err: unknown) => done(err as Error),
      );
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
