import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RequisitionList } from '@bulkparts/shared';
import { api } from '@/lib/api-client';
import { listQueries } from './list-queries';

/** `DELETE /api/lists/{id}/items/{productId}`. */
export function removeListItem({ id, productId }: { id: string; productId: string }): Promise<RequisitionList> {
  return api<RequisitionList>(`/api/lists/${id}/items/${productId}`, { method: 'DELETE' });
}

export function useRemoveListItem() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: removeListItem,
    onSuccess: (list) => qc.setQueryData(listQueries.detail(list._id).queryKey, list),
    onSettled: () => qc.invalidateQueries({ queryKey: listQueries.all() }),
  });
}
