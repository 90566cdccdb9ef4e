import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ListUpdate, RequisitionList } from '@bulkparts/shared';
import { api } from '@/lib/api-client';
import { listQueries } from './list-queries';

/** `PATCH /api/lists/{id}`: rename, share, or add lines (pieces summed onto a line already there). */
export function updateList({ id, patch }: { id: string; patch: ListUpdate }): Promise<RequisitionList> {
  return api<RequisitionList>(`/api/lists/${id}`, { method: 'PATCH', body: patch });
}

export function useUpdateList() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateList,
    onSuccess: (list) => qc.setQueryData(listQueries.detail(list._id).queryKey, list),
    onSettled: () => qc.invalidateQueries({ queryKey: listQueries.all() }),
  });
}
