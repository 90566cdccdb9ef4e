import { useMutation, useQueryClient } from '@tanstack/react-query';
import { IDEMPOTENCY_KEY_HEADER, type Order, type PurchaseInput } from '@bulkparts/shared';
import { productQueries } from '@/features/products/api/product-queries';
import { api, ApiClientError } from '@/lib/api-client';
import { orderQueries } from './order-queries';

/**
 * A fresh key per purchase form. `crypto.randomUUID` exists only in secure contexts, so a plain
 * http deployment falls back to a v4 uuid from `getRandomValues` (available everywhere).
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

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
