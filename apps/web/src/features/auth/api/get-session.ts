import { useQuery } from '@tanstack/react-query';
import type { Role } from '@bulkparts/shared';
import { api } from '@/lib/api-client';

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  image: string | null;
  emailVerified: boolean;
  role: Role;
  twoFactorEnabled?: boolean | null;
}

export interface Session {
  user: SessionUser;
}

export const sessionQueryKey = ['session'] as const;

/** The signed-in user from the httpOnly session cookie; `null` when signed out. */
export function getSession(): Promise<Session | null> {
  return api<Session | null>('/api/auth/get-session');
}

export function useSession() {
  return useQuery({ queryKey: sessionQueryKey, queryFn: getSession, staleTime: 60_000 });
}
