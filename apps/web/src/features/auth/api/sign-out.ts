import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { authQueries, forgetAccountReads } from './auth-queries';

/** Revokes the session on the server; the cookie goes with it. */
export function useSignOut() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api('/api/auth/sign-out', { method: 'POST', body: {} }),
    onSettled: () => {
      qc.setQueryData(authQueries.session().queryKey, null);
      forgetAccountReads(qc);
    },
  });
}
