import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { redactUrl } from './request-log.js';

export interface OriginCheckOptions {
  /** PUBLIC_URL: its origin is the only one allowed to change state. */
  publicUrl: string;
  /** Development: pages on any loopback origin (the Vite dev server on :5173) are the shop's own too. */
  allowLoopbackOrigins?: boolean;
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Callers that are not the shop's pages by design: Stripe's signed webhook, an identity provider
 * posting its OAuth answer back (response_mode=form_post) to better-auth's callbacks, and (issue
 * 32) procurement systems: cXML documents server to server, and OCI's login form posted from the
 * buyer's system's page. Those carry their own credentials, never a session cookie's authority
 * (`/punchout/return`, which acts on the session, stays guarded).
 */
const EXEMPT = [
  /^\/api\/payments\/webhook(\?|$)/,
  /^\/api\/auth\/callback\//,
  /^\/api\/auth\/oauth2\/callback\//,
  /^\/punchout\/cxml\/(setup|order)(\?|$)/,
  /^\/punchout\/oci(\?|$)/,
];

const LOOPBACK_ORIGIN = /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/;

/**
 * Cross-site request forgery guard for every route (all state-changing ones are under `/api`). SameSite=Lax cookies still ride along on requests
 * from a *same-site* page (another subdomain, another port), and a multipart or form POST needs no
 * CORS preflight, so a state-changing request must come from the shop's own origin: `Origin` when
 * the browser sends it, else `Sec-Fetch-Site` (same-origin, or `none` for a user-typed request).
 * A request with neither header is not a browser's cross-site request (curl, server-to-server,
 * tests) and passes; it carries no victim's cookie unless its sender has it.
 */
export default fp<OriginCheckOptions>(
  async function originCheck(app: FastifyInstance, opts) {
    const own = new URL(opts.publicUrl).origin;
    const allowed = (origin: string) => origin === own || (opts.allowLoopbackOrigins === true && LOOPBACK_ORIGIN.test(origin));
    app.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done) => {
      if (!STATE_CHANGING.has(request.method) || EXEMPT.some((re) => re.test(request.url))) return done();
      const origin = request.headers.origin;
      const site = request.headers['sec-fetch-site'];
      // A form posted by the shop's own page (issue 32: "Return cart") carries `Origin: null` under
      // the shop's `Referrer-Policy: no-referrer`; then `Sec-Fetch-Site` (set by the browser, never
      // by a page) decides, and without it the request is refused.
      const refused =
        typeof origin === 'string' && origin !== 'null'
          ? !allowed(origin)
          : origin === 'null'
            ? site !== 'same-origin'
            : typeof site === 'string' && site !== 'same-origin' && site !== 'none';
      if (!refused) return done();
      request.log.warn({ origin, secFetchSite: site, url: redactUrl(request.url) }, 'refused a state-changing request from another origin');
      reply.status(403).send({ error: 'FORBIDDEN_ORIGIN', message: 'This request did not come from the shop’s own pages' });
    });
  },
  { name: 'origin-check' },
);
