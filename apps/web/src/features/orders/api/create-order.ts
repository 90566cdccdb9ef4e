import { useMutation, useQueryClient } from '@tanstack/react-query';
import { IDEMPOTENCY_KEY_HEADER, type Order, type PurchaseInputValues } from '@bulkparts/shared';
import { productQueries } from '@/features/products/api/product-queries';
import { profileQueries } from '@/features/profile/api/profile-queries';
import { api, ApiClientError } from '@/lib/api-client';
import { COMPANIES_ROOT } from '@/lib/query-roots';
import { orderQueries } from './order-queries';

export { newIdempotencyKey } from './order-queries';

/**
 * `POST /api/purchase`. The server takes the product and the quantity (price, name and buyer
 * come from its own records) and, as at checkout, the ship-to, PO number, note and payment method
 * (issue 29); the same idempotency key answers the same order, so a double click or a retry after
 * a lost answer never buys twice.
 */
export function createOrder({ idempotencyKey, ...input }: PurchaseInputValues & { idempotencyKey: string }): Promise<Order> {
  return api<Order>('/api/purchase', { method: 'POST', body: input, headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } });
}

export function useCreateOrder() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createOrder,
    // The order list changes, and so does the product's stock; as at checkout, the ship-to is
    // remembered on the profile and an order on account uses the company's credit.
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: orderQueries.all() }),
        qc.invalidateQueries({ queryKey: productQueries.all() }),
        qc.invalidateQueries({ queryKey: profileQueries.all() }),
        qc.invalidateQueries({ queryKey: COMPANIES_ROOT }),
      ]),
    // 409: the stock moved since the page loaded (reloading the product shows what is left), or the company's credit or terms changed.
    onError: (err) =>
      err instanceof ApiClientError && err.status === 409
        ? Promise.all([qc.invalidateQueries({ queryKey: productQueries.all() }), qc.invalidateQueries({ queryKey: COMPANIES_ROOT })])
        : undefined,
  });
}
