import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReorderResult } from '@bulkparts/shared';
import { api } from '@/lib/api-client';
import { cartQueries } from './cart-queries';

/** `POST /api/purchase/:id/reorder`: every line of an order back into the cart at today's prices. */
export function reorder(orderId: string): Promise<ReorderResult> {
  return api<ReorderResult>(`/api/purchase/${encodeURIComponent(orderId)}/reorder`, { method: 'POST' });
}

export function useReorder() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: reorder,
    onSuccess: ({ skipped: _skipped, ...cart }) => qc.setQueryData(cartQueries.mine().queryKey, cart),
    onSettled: () => qc.invalidateQueries({ queryKey: cartQueries.all() }),
  });
}
