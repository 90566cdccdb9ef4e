import { createHmac } from 'node:crypto';
import type { Auth } from './auth.js';

/**
 * Issue 32 (ADR 0031): signing a browser in as a company's punchout member, for this browser
 * session only, without a password: the buyer proved who they are to their procurement system,
 * which proved itself to the shop (shared secret or OCI password) and handed the browser a one-time
 * link. The session is better-auth's own (so every guard reads it as any other), marked with the
 * punchout session's id in `session."punchoutId"` (`<id>:inspect` for a session that may only look
 * at the cart it was sent): the auth plugin reads that with the session and
 * refuses such a session everything but its cart (plugins/auth.ts).
 *
 * The cookie is better-auth's session cookie, signed as better-call signs it (HMAC-SHA256 of the
 * token with the auth secret, base64, `token.signature`), without Max-Age: it ends with the browser
 * session, and the session row itself ends at `endsAt`. test/punchout/punchout-session.test.ts
 * proves better-auth reads it back.
 */
export interface PunchoutSignIn {
  /** Opens the session; answers its Set-Cookie header values. */
  signIn(o: { userId: string; punchoutSessionId: string; inspect: boolean; endsAt: Date; ipAddress: string; userAgent: string }): Promise<string[]>;
  /** Ends the browser's session (the cart went back); answers the Set-Cookie values that clear it. */
  signOut(headers: Headers): Promise<string[]>;
}

function serialize(
  name: string,
  value: string,
  attributes: { path?: string; httpOnly?: boolean; secure?: boolean; sameSite?: string; domain?: string },
): string {
  const parts = [`${name}=${value}`, `Path=${attributes.path ?? '/'}`];
  if (attributes.domain) parts.push(`Domain=${attributes.domain}`);
  if (attributes.httpOnly !== false) parts.push('HttpOnly');
  if (attributes.secure) parts.push('Secure');
  const sameSite = attributes.sameSite ?? 'lax';
  parts.push(`SameSite=${sameSite.charAt(0).toUpperCase()}${sameSite.slice(1)}`);
  return parts.join('; ');
}

export function createPunchoutSignIn(auth: Auth, secret: string): PunchoutSignIn {
  return {
    async signIn({ userId, punchoutSessionId, inspect, endsAt, ipAddress, userAgent }) {
      const ctx = await auth.$context;
      // `overrideAll` so the session ends at `endsAt`, not better-auth's default a day away.
      const session = await ctx.internalAdapter.createSession(
        userId,
        true,
        { punchoutId: inspect ? `${punchoutSessionId}:inspect` : punchoutSessionId, expiresAt: endsAt, ipAddress, userAgent },
        true,
      );
      const signature = createHmac('sha256', secret).update(session.token).digest('base64');
      const { name, attributes } = ctx.authCookies.sessionToken;
      return [serialize(name, encodeURIComponent(`${session.token}.${signature}`), attributes as Parameters<typeof serialize>[2])];
    },

    async signOut(headers) {
      const result = await auth.api.signOut({ headers, returnHeaders: true });
      return result.headers.getSetCookie();
    },
  };
}
