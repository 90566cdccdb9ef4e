import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ApiKeyScope, SessionUser } from '@bulkparts/shared';
import { AppError, forbidden } from '../lib/errors.js';
import type { ApiKeyPrincipal } from '../modules/api-keys/api-keys.service.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Issue 19: the scope an API key needs to call this route. A route without one cannot be
     * called with a key at all (403); sessions ignore it.
     */
    scope?: ApiKeyScope;
  }
  interface FastifyRequest {
    /** The API key the request authenticated with (`Authorization: Bearer bp_…`), or null. */
    apiKey: ApiKeyPrincipal | null;
  }
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/**
 * What a key acts as inside the routes: an admin principal, which the route's scope check has
 * already narrowed to the routes its scopes name. Its id names no account (`apikey:<id>`).
 */
function keyPrincipal(key: ApiKeyPrincipal): SessionUser {
  return { id: `apikey:${key.id}`, email: `apikey-${key.id}@api-keys.invalid`, name: 'API key', image: null, emailVerified: true, role: 'admin' };
}

/**
 * API keys (issue 19, ADR 0020): a request under `/api/` with `Authorization: Bearer …` is
 * authenticated by the key alone (never also by a cookie). Unknown or revoked → 401; a route whose
 * `config.scope` is not one of the key's → 403; past the key's rate → 429. Runs in onRequest
 * before the catalogue cache answers (registered before response-cache), so a cached answer is
 * never given to a key that may not read it. Then `request.user` is the key's principal, so
 * `requireAdmin`/`requireUser` (plugins/auth.ts) let it through.
 */
export default fp(
  async function apiKeyAuth(app: FastifyInstance) {
    const { apiKeys } = app.services;
    app.decorateRequest('apiKey', null);
    app.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done) => {
      const header = request.headers.authorization;
      // `/metrics` takes its own bearer token (plugins/metrics.ts): keys are for the API only.
      if (typeof header !== 'string' || !request.url.startsWith('/api/')) return done();
      const secret = BEARER.exec(header)?.[1];
      if (secret === undefined) return done();
      apiKeys.authenticate(secret).then(
        (key) => {
          if (!key) {
            reply.header('www-authenticate', 'Bearer');
            return done(new AppError('UNAUTHENTICATED', 'The API key is not valid or has been revoked'));
          }
          // An unknown path goes on to the 404.
          if (request.routeOptions.url === undefined) return done();
          const scope = request.routeOptions.config.scope;
          if (!scope || !key.scopes.includes(scope)) {
            return done(forbidden(scope ? `This API key lacks the ${scope} scope` : 'This route cannot be called with an API key'));
          }
          request.apiKey = key;
          request.user = keyPrincipal(key);
          done();
        },
        (err: unknown) => done(err as Error),
      );
    });
  },
  { name: 'api-key-auth', dependencies: ['services', 'error-handler'] },
);
