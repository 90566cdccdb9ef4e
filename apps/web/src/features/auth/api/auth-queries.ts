import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { getAuthConfig } from './get-auth-config';
import { getSession } from './get-session';
import { AUTH_ROOT, PRODUCTS_ROOT } from '@/lib/query-roots';

const ALL = AUTH_ROOT;

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
 * Issue 32: whether this browser session was opened by punchout (the buyer's procurement system):
 * the pages then offer "Return cart" instead of checkout, payment or quotes (the server refuses
 * those to such a session anyway).
 */
export function useIsPunchout(): boolean {
  return Boolean(useSession().data?.session?.punchoutId);
}

/**
 * Forgets every read but auth's when the account at this browser changes (sign-in, sign-up,
 * sign-out): one account's orders and company are never shown to the next. The catalogue is
 * reset rather than dropped, so the page on screen reads it again at once: a company member sees
 * the company's prices in it (issue 18), the next account must not.
 */
export function forgetAccountReads(qc: QueryClient) {
  const catalogue = PRODUCTS_ROOT;
  qc.removeQueries({ predicate: (q) => q.queryKey[0] !== ALL[0] && q.queryKey[0] !== catalogue[0] });
  void qc.resetQueries({ queryKey: catalogue });
}
