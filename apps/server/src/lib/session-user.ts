import type { SessionUser } from '@bulkparts/shared';

/**
 * The signed-in person a service acts for (id, email, name, role, confirmed email). The auth plugin
 * (plugins/auth.ts) makes one per request from the session; modules take it from here, never from
 * the HTTP layer (issue 29: nothing under modules/ imports plugins/, eslint.config.js).
 */
export type { SessionUser };

/** Whether the request carries better-auth's session cookie (`bulkparts.session_token`, `__Secure-` on https). */
export function hasSessionCookie(request: { headers: { cookie?: string | undefined } }): boolean {
  const cookie = request.headers.cookie;
  return typeof cookie === 'string' && cookie.includes('bulkparts.session_token=');
}
