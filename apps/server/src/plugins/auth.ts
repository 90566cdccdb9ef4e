import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { fromNodeHeaders } from 'better-auth/node';
import { authErrorBody } from '../modules/auth/auth-error-body.js';
import type { SessionUser } from '@bulkparts/shared';
import type { AppConfig } from '../config/env.js';
import { AppError, forbidden, unauthenticated } from '../lib/errors.js';
import { MESSAGES, PUNCHOUT_MESSAGES } from '@bulkparts/shared';
import { hasSessionCookie } from '../lib/session-user.js';
import { CLIENT_IP_HEADER, type Auth } from '../modules/auth/auth.js';
import { checkAuthInput, checkAuthQuery } from '../modules/auth/auth-input.js';
import { authLimitPlan, DEFAULT_AUTH_RATE_RULES, type AuthRateRules } from '../modules/auth/auth-limits.js';

/** better-auth endpoints that check the signed-in user's password (limited per account too). */
const SESSION_PASSWORD_CHECKS = new Set([
  '/two-factor/enable',
  '/two-factor/disable',
  '/two-factor/get-totp-uri',
  '/two-factor/generate-backup-codes',
  '/verify-password',
  '/change-password',
]);

export type { SessionUser };

/**
 * better-auth endpoints a punchout session may call (issue 32): reading and ending itself. Anything
 * else (a new password, two-factor, other sessions) is the member account's, not the buyer's.
 */
const PUNCHOUT_AUTH_PATHS = new Set(['/get-session', '/sign-out']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Issue 32: a punchout session may call this route: 'read' any (its cart, its punchout bar),
     * 'write' all but an `inspect` one (its cart's changes). Every other guarded route answers it 403.
     */
    punchout?: 'read' | 'write';
  }
  interface FastifyInstance {
    auth: Auth;
    requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    requireAdmin: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** Like requireUser, and the email address must be confirmed (ordering, paying). */
    requireVerifiedUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  interface FastifyRequest {
    /** The signed-in user, set by `requireUser`/`requireAdmin`/`loadUser`. */
    user: SessionUser | null;
    loadUser(): Promise<SessionUser | null>;
  }
}

/**
 * Mounts better-auth under /api/auth and gives routes `requireUser` / `requireAdmin` pre-handlers.
 * Every later route uses these; none reads cookies itself.
 */
export default fp<{ config: AppConfig; rateRules?: Partial<AuthRateRules> }>(
  async function authPlugin(app: FastifyInstance, opts) {
    const rules: AuthRateRules = {
      ...DEFAULT_AUTH_RATE_RULES,
      signUpsPerIp: { ...DEFAULT_AUTH_RATE_RULES.signUpsPerIp, max: opts.config.signUpsPerIpPerHour },
      ...opts.rateRules,
    };
    const { auth, rateLimiter } = app.services;
    app.decorate('auth', auth);
    app.decorateRequest('user', null);
    // Signed-in users by session cookie (modules/auth/session-cache.ts): the services that change
    // accounts or sessions clear it when they write (ADR 0012).
    const sessions = app.services.sessions;

    async function lookUpSession(headers: FastifyRequest['headers']): Promise<SessionUser | null> {
      const result = await auth.api.getSession({ headers: fromNodeHeaders(headers) });
      if (!result) return null;
      const u = result.user as typeof result.user & { role?: string | null };
      // `<punchout session id>` or `<id>:inspect` (modules/auth/punchout-sign-in.ts).
      const punchoutId = (result.session as typeof result.session & { punchoutId?: string | null }).punchoutId;
      const [punchoutSessionId, mode] = punchoutId ? punchoutId.split(':') : [];
      return {
        id: u.id,
        email: u.email,
        name: u.name,
        image: u.image ?? null,
        emailVerified: Boolean(u.emailVerified),
        role: u.role === 'admin' ? 'admin' : 'customer',
        ...(punchoutSessionId ? { punchout: { sessionId: punchoutSessionId, inspect: mode === 'inspect' } } : {}),
      };
    }

    app.decorateRequest('loadUser', async function loadUser(this: FastifyRequest) {
      if (this.user) return this.user;
      const cookie = this.headers.cookie;
      const key = cookie && cookie.length <= 4096 ? cookie : undefined;
      const hit = key === undefined ? undefined : sessions.get(key);
      if (hit) return (this.user = hit);
      // Requests of one session that miss together (a page's parallel calls, or every in-flight
      // request when the entry expires) share one lookup.
      const { lookups } = sessions;
      let lookup = key === undefined ? undefined : lookups.get(key);
      if (!lookup) {
        lookup = lookUpSession(this.headers);
        if (key !== undefined) {
          lookups.set(key, lookup);
          const mine = lookup;
          void mine.finally(() => lookups.get(key) === mine && lookups.delete(key)).catch(() => {});
        }
      }
      const user = await lookup;
      if (!user) return null;
      if (key !== undefined) sessions.set(key, user);
      return (this.user = user);
    });

    /**
     * Issue 32: a punchout session fills its cart and returns it; every guarded route not marked
     * `config: { punchout: 'read' | 'write' }` (checkout, payment, orders, quotes, the profile…) answers it 403,
     * whatever the page does. The session is read anyway by the guard, so this costs nothing.
     */
    const refusePunchout = (request: FastifyRequest, user: SessionUser) => {
      if (!user.punchout) return;
      const allowed = request.routeOptions.config.punchout;
      if (allowed === undefined) throw forbidden(PUNCHOUT_MESSAGES.sessionOnlyShops);
      if (allowed === 'write' && user.punchout.inspect) throw forbidden(PUNCHOUT_MESSAGES.inspectOnly);
    };

    app.decorate('requireUser', async (request: FastifyRequest) => {
      const user = await request.loadUser();
      if (!user) throw unauthenticated();
      refusePunchout(request, user);
    });
    app.decorate('requireVerifiedUser', async (request: FastifyRequest) => {
      const user = await request.loadUser();
      if (!user) throw unauthenticated();
      refusePunchout(request, user);
      // Accounts made through Google arrive verified (Google's email_verified).
      if (!user.emailVerified) throw new AppError('EMAIL_NOT_VERIFIED', MESSAGES.confirmEmailToOrder);
    });
    app.decorate('requireAdmin', async (request: FastifyRequest) => {
      const user = await request.loadUser();
      if (!user) throw unauthenticated();
      refusePunchout(request, user);
      if (user.role !== 'admin') throw forbidden('Only admins can do this');
    });

    app.route({
      method: ['GET', 'POST'],
      url: '/api/auth/*',
      async handler(request, reply) {
        const url = new URL(request.url, opts.config.publicUrl);
        const authPath = url.pathname.slice('/api/auth'.length);
        // Issue 32: a punchout session may read and end itself, nothing else of the member's account.
        if (!PUNCHOUT_AUTH_PATHS.has(authPath) && hasSessionCookie(request) && (await request.loadUser())?.punchout) {
          throw forbidden(PUNCHOUT_MESSAGES.sessionOnlyShops);
        }
        if (request.method === 'POST') request.body = checkAuthInput(authPath, request.body);
        else checkAuthQuery(url.searchParams);
        // Abuse limits per address and account, in the database (see modules/auth/auth-limits.ts).
        const sessionEmail =
          request.method === 'POST' && rateLimiter.enabled && SESSION_PASSWORD_CHECKS.has(authPath) ? ((await request.loadUser())?.email ?? '') : undefined;
        const plan = request.method === 'POST' ? authLimitPlan(authPath, request.body, request.ip, rules, sessionEmail) : undefined;
        if (plan) {
          await rateLimiter.consume(plan.consume);
          // Counted before the password is checked (atomic in the database), given back below unless it failed.
          await rateLimiter.consume(plan.failures);
        }
        const hasBody = request.method !== 'GET' && request.body !== undefined;
        const headers = fromNodeHeaders(request.headers);
        // better-auth's rate limits key on the client address; hand it the one Fastify resolved
        // (honouring TRUST_PROXY), never a header the client could set.
        headers.set(CLIENT_IP_HEADER, request.ip);
        const response = await auth.handler(
          new Request(url, {
            method: request.method,
            headers,
            ...(hasBody ? { body: typeof request.body === 'string' ? request.body : JSON.stringify(request.body) } : {}),
          }),
        );
        let text = await response.text();
        let status = response.status;
        if (plan && !plan.isFailure(status)) {
          await rateLimiter.refund(plan.failures);
          if (status < 300) for (const subject of plan.resetOnSuccess) await rateLimiter.reset(subject);
        }
        // better-auth's own limits (burst guard, second-factor lockout) answer like ours do.
        if (status === 429 || (status >= 400 && text.includes('"ACCOUNT_TEMPORARILY_LOCKED"'))) {
          status = 429;
          text = JSON.stringify({ error: 'RATE_LIMITED', message: MESSAGES.tooManyAttempts });
          reply.header('retry-after', response.headers.get('x-retry-after') ?? '900');
        }
        const normalised = authErrorBody(status, text);
        if (normalised) text = normalised;
        reply.status(status);
        response.headers.forEach((value, key) => {
          if (key !== 'set-cookie' && key !== 'content-length') reply.header(key, value);
        });
        if (normalised) reply.header('content-type', 'application/json; charset=utf-8');
        const cookies = response.headers.getSetCookie();
        if (cookies.length) reply.header('set-cookie', cookies);
        // An empty answer (a redirect) stays empty: `null` would become a JSON body.
        return reply.send(text.length ? text : undefined);
      },
    });
  },
  { name: 'auth', dependencies: ['services', 'error-handler'] },
);
