import type { SessionUser } from '@bulkparts/shared';
import { api } from '@/lib/api-client';

export interface Session {
  user: SessionUser;
  /** better-auth's session row; issue 32: `punchoutId` is set when punchout opened this browser session. */
  session?: { punchoutId?: string | null };
}

/** The signed-in user from the httpOnly session cookie; `null` when signed out. */
export function getSession(): Promise<Session | null> {
  return api<Session | null>('/api/auth/get-session');
}
