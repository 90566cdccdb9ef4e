import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { getAuthConfig } from './get-auth-config';
import { getSession } from './get-session';

const ALL = ['auth'] as const;

/** Who is signed in, and how one can sign in: sign-out keeps both (it sets the session to null). */
export const authQueries = {
  all: () => ALL,
  session: () => queryOptions({ queryKey: [...ALL, 'session'] as const, queryFn: getSession, staleTime: 60_000 }),
  config: () => queryOptions({ queryKey: [...ALL, 'config'] as const, queryFn: getAuthConfig, staleTime: 5 * 60_000 }),
};

/** The session every screen reads (signed in or not, the role, the confirmed email). */
export function useSession() {
  return useQuery(authQueries.session());
}

/**
 * Forgets every read but auth's when the account at this browser changes (sign-in, sign-up,
 * sign-out): one account's orders, company and even catalogue prices (a company member sees its
 * own, issue 18) are never shown to the next.
 */
export function forgetAccountReads(qc: QueryClient) {
  qc.removeQueries({ predicate: (q) => q.queryKey[0] !== ALL[0] });
}
