import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminQueries } from './admin-queries';

/** `PUT /api/user/admin/:email` → `{ modifiedCount }` (0 when already an admin). */
export function promoteUser(email: string): Promise<{ modifiedCount: number }> {
  return api(`/api/user/admin/${encodeURIComponent(email)}`, { method: 'PUT' });
}

export function usePromoteUser() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: promoteUser, onSuccess: () => qc.invalidateQueries({ queryKey: adminQueries.users() }) });
}
