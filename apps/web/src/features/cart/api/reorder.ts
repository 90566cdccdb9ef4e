import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReorderMode, ReorderResult } from '@bulkparts/shared';
import { api } from '@/lib/api-client';
import { cartQueries } from './cart-queries';

export interface ReorderVariables {
  orderId: string;
  /** 'add' to what the cart holds, or 'replace' the cart with the order's lines (issue 29). */
  mode: ReorderMode;
}

/** `POST /api/purchase/:id/reorder`: every line of an order back into the cart at today's prices. */
export function reorder({ orderId, mode }: ReorderVariables): Promise<ReorderResult> {
  return api<ReorderResult>(`/api/purchase/${encodeURIComponent(orderId)}/reorder`, { method: 'POST', body: { mode } });
}

export function useReorder() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: reorder,
    onSuccess: ({ skipped: _skipped, needsAttention: _needsAttention, added: _added, ...cart }) => qc.setQueryData(cartQueries.mine().queryKey, cart),
    onSettled: () => qc.invalidateQueries({ queryKey: cartQueries.all() }),
  });
}
