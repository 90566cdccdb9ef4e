import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { listQueries } from './list-queries';

/** `DELETE /api/lists/{id}` (its owner). */
export function deleteList(id: string): Promise<void> {
  return api<void>(`/api/lists/${id}`, { method: 'DELETE' });
}

export function useDeleteList() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteList,
    onSuccess: (_done, id) => qc.removeQueries({ queryKey: listQueries.detail(id).queryKey }),
    onSettled: () => qc.invalidateQueries({ queryKey: listQueries.all() }),
  });
}
