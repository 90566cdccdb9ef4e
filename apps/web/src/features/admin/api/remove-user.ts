import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminQueries } from './admin-queries';

export function removeUser(id: string): Promise<{ deletedCount: number }> {
  return api(`/api/user/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useRemoveUser() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: removeUser, onSuccess: () => qc.invalidateQueries({ queryKey: adminQueries.users() }) });
}
