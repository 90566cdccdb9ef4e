import type { SessionUser } from '@bulkparts/shared';
import { api } from '@/lib/api-client';

export interface Session {
  user: SessionUser;
}

/** The signed-in user from the httpOnly session cookie; `null` when signed out. */
export function getSession(): Promise<Session | null> {
  return api<Session | null>('/api/auth/get-session');
}
