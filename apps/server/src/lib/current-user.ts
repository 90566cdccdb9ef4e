import type { SessionUser } from '@bulkparts/shared';
import type { FastifyRequest } from 'fastify';
import { unauthenticated } from './errors.js';

/**
 * The signed-in user of a route guarded by `requireUser`, `requireVerifiedUser` or `requireAdmin`
 * (plugins/auth.ts), typed as present. A route that forgot its guard answers 401, never a crash.
 */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthenticated();
  return request.user;
}
