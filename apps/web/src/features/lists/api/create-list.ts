import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ListCreateValues, RequisitionList } from '@bulkparts/shared';
import { api } from '@/lib/api-client';
import { listQueries } from './list-queries';

/** `POST /api/lists`: a new list, empty or with its lines (a cart saved, an order, a product). */
export function createList(input: ListCreateValues): Promise<RequisitionList> {
  return api<RequisitionList>('/api/lists', { method: 'POST', body: input });
}

export function useCreateList() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createList,
    onSuccess: (list) => qc.setQueryData(listQueries.detail(list._id).queryKey, list),
    onSettled: () => qc.invalidateQueries({ queryKey: listQueries.all() }),
  });
}
