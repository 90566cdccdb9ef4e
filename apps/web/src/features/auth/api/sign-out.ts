import { useMutation, useQueryClient } from '@tanstack/react-query';
import { productQueries } from '@/features/products/api/product-queries';
import { api } from '@/lib/api-client';
import { authQueries } from './auth-queries';

/** Revokes the session on the server; the cookie goes with it. */
export function useSignOut() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api('/api/auth/sign-out', { method: 'POST', body: {} }),
    onSettled: () => {
      qc.setQueryData(authQueries.session().queryKey, null);
      // The next person at this browser sees nothing of this account: every read goes but the
      // session (now null), the sign-in options and the public catalogue.
      const kept: unknown[] = [authQueries.all()[0], productQueries.all()[0]];
      qc.removeQueries({ predicate: (q) => !kept.includes(q.queryKey[0]) });
    },
  });
}
