import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminQueries } from './admin-queries';

/** `DELETE /api/user/admin/:email` → `{ modifiedCount }`: takes admin rights back (never one's own, never the last admin's). */
export function demoteUser(email: string): Promise<{ modifiedCount: number }> {
  return api(`/api/user/admin/${encodeURIComponent(email)}`, { method: 'DELETE' });
}

export function useDemoteUser() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: demoteUser, onSuccess: () => qc.invalidateQueries({ queryKey: adminQueries.users() }) });
}
