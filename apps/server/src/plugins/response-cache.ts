import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodType } from 'zod';
import { hasSessionCookie } from '../lib/session-user.js';
import type { CachedAnswer } from '../modules/products/catalogue-cache.js';

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

/** JSON with its keys in a fixed order, so one query written two ways gives one key. */
function sortedJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(sortedJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${sortedJson(v)}`).join(',')}}`;
}

/**
 * The catalogue cache's key for a request as the route reads it (issue 28): its path, and its
 * query as the route's own schema parses it, so parameters the route ignores (`?_n=…`), their
 * order and their spelling (`q=%20Bolt`) do not make another entry. Null when the query does not
 * parse: the route's validation answers that request (400), and nothing is kept.
 */
export function catalogueCacheKey(url: string, query: unknown, schema: unknown): string | null {
  const path = url.split('?', 1)[0]!;
  if (!schema || typeof (schema as ZodType).safeParse !== 'function') return path;
  const parsed = (schema as ZodType).safeParse(query);
  return parsed.success ? `${path}?${sortedJson(parsed.data)}` : null;
}

/**
 * Answers GETs of routes marked `config.catalogueCache` from the catalogue cache, keyed by the
 * normalised request (ADR 0028), and keeps their 200 answers in it. Misses for one key that
 * arrive while it is being computed wait for that answer instead of computing it again
 * (a burst of one search costs one query). It never clears the cache: the products service does,
 * after each product or stock write (ADR 0012); an answer computed across a clear is not kept. A
 * hit answers in onRequest, so the security headers' hook must run first: `dependencies` says so
 * and Fastify checks it.
 */
export default fp(
  async function responseCache(app: FastifyInstance) {
    const cache = app.services.catalogueCache;
    /** The request computing a key's answer, with the cache's generation when it started. */
    const computing = new WeakMap<FastifyRequest, { key: string; generation: number; finish(answer: CachedAnswer | undefined): void }>();
    /** The answers being computed, by key: later misses for the key wait for them. */
    const inFlight = new Map<string, Promise<CachedAnswer | undefined>>();

    const send = (reply: FastifyReply, hit: CachedAnswer) => {
      reply.headers(hit.headers);
      reply.send(hit.payload);
    };

    function compute(request: FastifyRequest, key: string, done: () => void) {
      let finish!: (answer: CachedAnswer | undefined) => void;
      const answer = new Promise<CachedAnswer | undefined>((resolve) => (finish = resolve));
      inFlight.set(key, answer);
      computing.set(request, {
        key,
        generation: cache.generation,
        finish: (value) => {
          if (inFlight.get(key) === answer) inFlight.delete(key);
          finish(value);
        },
      });
      done();
    }

    app.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done) => {
      const marked = request.routeOptions.config.catalogueCache;
      if (request.method !== 'GET' || !marked || marked.skip?.(request)) return done();
      const base = catalogueCacheKey(request.url, request.query, request.routeOptions.schema?.querystring);
      if (base === null) return done();
      const answer = (key: string) => {
        const hit = cache.get(key);
        if (hit) return send(reply, hit);
        const waiting = inFlight.get(key);
        if (!waiting) return compute(request, key, done);
        // The same answer is on its way: share it (or compute it here if that one failed).
        waiting.then((shared) => (shared ? send(reply, shared) : done()), done);
      };
      if (!marked.variant || !hasSessionCookie(request)) return answer(base);
      // A signed-in member with own prices gets their price list's answers, kept apart (issue 18).
      marked.variant(request).then(
        (variant) => answer(variant === null ? base : `${base}\u0000${variant}`),
        (err: unknown) => done(err as Error),
      );
    });
    app.addHook('onSend', (request: FastifyRequest, reply: FastifyReply, payload: unknown, done) => {
      const mine = computing.get(request);
      if (mine) {
        computing.delete(request);
        let kept: CachedAnswer | undefined;
        if (reply.statusCode === 200 && typeof payload === 'string') {
          const headers: Record<string, string> = {};
          for (const name of KEPT_HEADERS) {
            const value = reply.getHeader(name);
            if (value !== undefined) headers[name] = String(value);
          }
          kept = { payload: Buffer.from(payload), headers };
          cache.set(mine.key, kept, mine.generation);
          // Computed across a clear: the waiters compute their own (fresh) answer.
          if (cache.generation !== mine.generation) kept = undefined;
        }
        mine.finish(kept);
      }
      done(null, payload);
    });
    // A request that ends without an answer of its own (closed early, failed before onSend) lets its waiters go.
    app.addHook('onResponse', (request: FastifyRequest, _reply: FastifyReply, done) => {
      computing.get(request)?.finish(undefined);
      computing.delete(request);
      done();
    });
    app.addHook('onRequestAbort', (request: FastifyRequest, done) => {
      computing.get(request)?.finish(undefined);
      computing.delete(request);
      done();
    });
  },
  { name: 'response-cache', dependencies: ['services', 'security-headers'] },
);
