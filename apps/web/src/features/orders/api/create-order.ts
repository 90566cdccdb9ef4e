import { useMutation, useQueryClient } from '@tanstack/react-query';
import { IDEMPOTENCY_KEY_HEADER, type Order, type PurchaseInput } from '@bulkparts/shared';
import { productQueries } from '@/features/products/api/product-queries';
import { api, ApiClientError } from '@/lib/api-client';
import { orderQueries } from './order-queries';

export { newIdempotencyKey } from './order-queries';

/**
 * `POST /api/purchase`. The server takes only the product and the quantity (price, name and buyer
 * come from its own records); the same idempotency key answers the same order, so a double click
 * or a retry after a lost answer never buys twice.
 */
export function createOrder({ idempotencyKey, ...input }: PurchaseInput & { idempotencyKey: string }): Promise<Order> {
  return api<Order>('/api/purchase', { method: 'POST', body: input, headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } });
}

export function useCreateOrder() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createOrder,
    // The order list changes, and so does the product's stock.
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: orderQueries.all() }), qc.invalidateQueries({ queryKey: productQueries.all() })]),
    // 409: the stock moved since the page loaded; reloading the product shows what is left.
    onError: (err) => (err instanceof ApiClientError && err.status === 409 ? qc.invalidateQueries({ queryKey: productQueries.all() }) : undefined),
  });
}
