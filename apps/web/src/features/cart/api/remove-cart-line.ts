import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Cart } from '@bulkparts/shared';
import { api } from '@/lib/api-client';
import { cartQueries } from './cart-queries';

/** `DELETE /api/cart/lines/:productId`. */
export function removeCartLine(productId: string): Promise<Cart> {
  return api<Cart>(`/api/cart/lines/${encodeURIComponent(productId)}`, { method: 'DELETE' });
}

export function useRemoveCartLine() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: removeCartLine,
    onSuccess: (cart) => qc.setQueryData(cartQueries.mine().queryKey, cart),
    onSettled: () => qc.invalidateQueries({ queryKey: cartQueries.all() }),
  });
}
