import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Cart } from '@bulkparts/shared';
import { api } from '@/lib/api-client';
import { cartQueries } from './cart-queries';

/** `PUT /api/cart/lines/:productId`: sets a line's quantity (400/409 name the `quantity` field). */
export function updateCartLine({ productId, quantity }: { productId: string; quantity: number }): Promise<Cart> {
  return api<Cart>(`/api/cart/lines/${encodeURIComponent(productId)}`, { method: 'PUT', body: { quantity } });
}

export function useUpdateCartLine() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateCartLine,
    onSuccess: (cart) => qc.setQueryData(cartQueries.mine().queryKey, cart),
    onSettled: () => qc.invalidateQueries({ queryKey: cartQueries.all() }),
  });
}
