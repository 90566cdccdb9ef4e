import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RequisitionList } from '@bulkparts/shared';
import { api } from '@/lib/api-client';
import { listQueries } from './list-queries';

/** `PUT /api/lists/{id}/items/{productId}`: a line's pieces (a new line for a product not on it). */
export function setListItem({ id, productId, quantity }: { id: string; productId: string; quantity: number }): Promise<RequisitionList> {
  return api<RequisitionList>(`/api/lists/${id}/items/${productId}`, { method: 'PUT', body: { quantity } });
}

export function useSetListItem() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: setListItem,
    onSuccess: (list) => qc.setQueryData(listQueries.detail(list._id).queryKey, list),
    onSettled: () => qc.invalidateQueries({ queryKey: listQueries.all() }),
  });
}
