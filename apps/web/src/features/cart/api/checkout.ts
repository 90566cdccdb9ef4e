import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cartAlreadyOrderedSchema, IDEMPOTENCY_KEY_HEADER, type CartAlreadyOrdered, type CheckoutInput, type Order } from '@bulkparts/shared';
import { companyQueries } from '@/features/companies/api/company-queries';
import { orderQueries } from '@/features/orders/api/order-queries';
import { productQueries } from '@/features/products/api/product-queries';
import { profileQueries } from '@/features/profile/api/profile-queries';
import { api, ApiClientError } from '@/lib/api-client';
import { cartQueries } from './cart-queries';

/** The 409 of a checkout overlapping another of the same cart (another tab, a retry) that made the order first (issue 28). */
export const CART_ALREADY_ORDERED = 'CART_ALREADY_ORDERED';

/** What checkout tells of that 409: the server's message and the order it names (null if it could not name one). */
export interface AlreadyOrdered {
  message: string;
  order: Pick<CartAlreadyOrdered, 'orderId' | 'orderNumber'> | null;
}

/** The cart-already-ordered 409 in `err`, read by the shared schema from the answer's body; null for any other error. */
export function alreadyOrderedOf(err: unknown): AlreadyOrdered | null {
  if (!(err instanceof ApiClientError) || err.code !== CART_ALREADY_ORDERED) return null;
  const named = cartAlreadyOrderedSchema.safeParse(err.body);
  return { message: err.message, order: named.success ? { orderId: named.data.orderId, orderNumber: named.data.orderNumber } : null };
}

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
    // 409: stock moved since the cart loaded (the cart's problems say which lines), the company's
    // credit or terms changed, the cart changed while it was being ordered, or an overlapping
    // checkout made it an order (which My Orders must now show).
    onError: (err) =>
      err instanceof ApiClientError && err.status === 409
        ? Promise.all([
            qc.invalidateQueries({ queryKey: cartQueries.all() }),
            qc.invalidateQueries({ queryKey: productQueries.all() }),
            qc.invalidateQueries({ queryKey: companyQueries.mine().queryKey }),
            err.code === CART_ALREADY_ORDERED ? qc.invalidateQueries({ queryKey: orderQueries.all() }) : undefined,
          ])
        : undefined,
  });
}
