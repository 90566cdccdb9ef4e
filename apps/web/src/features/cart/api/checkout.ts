import { useMutation, useQueryClient } from '@tanstack/react-query';
import { IDEMPOTENCY_KEY_HEADER, type CheckoutInput, type Order } from '@bulkparts/shared';
import { companyQueries } from '@/features/companies/api/company-queries';
import { orderQueries } from '@/features/orders/api/order-queries';
import { productQueries } from '@/features/products/api/product-queries';
import { profileQueries } from '@/features/profile/api/profile-queries';
import { api, ApiClientError } from '@/lib/api-client';
import { cartQueries } from './cart-queries';

/**
 * `POST /api/cart/checkout`: the cart becomes one order, all or nothing (a 409 names every short
 * line in `ApiClientError.lines`). The same idempotency key answers the same order.
 */
export function checkout({ idempotencyKey, ...input }: CheckoutInput & { idempotencyKey: string }): Promise<Order> {
  return api<Order>('/api/cart/checkout', { method: 'POST', body: input, headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } });
}

export function useCheckout() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: checkout,
    // The cart empties, an order appears, stock moves, the address is remembered on the profile,
    // and an order on account uses the company's credit.
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: cartQueries.all() }),
        qc.invalidateQueries({ queryKey: orderQueries.all() }),
        qc.invalidateQueries({ queryKey: productQueries.all() }),
        qc.invalidateQueries({ queryKey: profileQueries.all() }),
        qc.invalidateQueries({ queryKey: companyQueries.all() }),
      ]),
    // 409: stock moved since the cart loaded (the cart's problems say which lines), or the
    // company's credit or terms changed.
    onError: (err) =>
      err instanceof ApiClientError && err.status === 409
        ? Promise.all([
            qc.invalidateQueries({ queryKey: cartQueries.all() }),
            qc.invalidateQueries({ queryKey: productQueries.all() }),
            qc.invalidateQueries({ queryKey: companyQueries.mine().queryKey }),
          ])
        : undefined,
  });
}
