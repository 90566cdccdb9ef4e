import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Cart } from '@bulkparts/shared';
import { api } from '@/lib/api-client';
import { cartQueries } from './cart-queries';

export interface AddLine {
  sku: string;
  quantity: number;
}

/**
 * `POST /api/cart/lines`: adds pieces by SKU (summed with a line already there), all or nothing; a
 * refused line is named by its `index` in `ApiClientError.lines`. Add to cart, quick order, CSV
 * upload and the merge of a signed-out visitor's cart all come here.
 */
export function addCartLines(lines: AddLine[]): Promise<Cart> {
  return api<Cart>('/api/cart/lines', { method: 'POST', body: { lines } });
}

export function useAddCartLines() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: addCartLines,
    onSuccess: (cart) => qc.setQueryData(cartQueries.mine().queryKey, cart),
    onSettled: () => qc.invalidateQueries({ queryKey: cartQueries.all() }),
  });
}
