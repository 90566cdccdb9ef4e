import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CART_MESSAGES, type CheckoutInput } from '@bulkparts/shared';
import { orderQueries } from '@/features/orders/api/order-queries';
import { ApiClientError } from '@/lib/api-client';
import { cartQueries } from './cart-queries';
import { alreadyOrderedOf, useCheckout } from './checkout';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const input: CheckoutInput & { idempotencyKey: string } = {
  poNumber: undefined,
  note: undefined,
  fulfilment: 'ship_as_available',
  shippingAddress: {
    company: undefined,
    name: 'Jo Buyer',
    line1: '1 Mill Lane',
    line2: undefined,
    city: 'Leeds',
    postalCode: 'LS1 1AA',
    country: 'United Kingdom',
    region: undefined,
    phone: undefined,
  },
  paymentMethod: 'card',
  idempotencyKey: 'key-1',
};

/** Checkout against a server answering `status` with `body`: the error thrown and the keys invalidated. */
async function checkoutFailing(status: number, body: object) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })),
  );
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const invalidate = vi.spyOn(qc, 'invalidateQueries').mockResolvedValue();
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={qc}>{children}</QueryClientProvider>;
  const { result } = renderHook(() => useCheckout(), { wrapper });
  const error: unknown = await result.current.mutateAsync(input).catch((e: unknown) => e);
  return { error, invalidated: invalidate.mock.calls.map(([filters]) => filters?.queryKey) };
}

describe('useCheckout: overlapping checkouts of one cart (issue 28)', () => {
  it('reads the order a cart-already-ordered 409 names, and refreshes the cart and the orders', async () => {
    const { error, invalidated } = await checkoutFailing(409, {
      error: 'CART_ALREADY_ORDERED',
      message: CART_MESSAGES.alreadyOrdered,
      orderId: 'o123',
      orderNumber: 'BP-000123',
    });
    expect(error).toBeInstanceOf(ApiClientError);
    expect((error as ApiClientError).body).toMatchObject({ orderId: 'o123', orderNumber: 'BP-000123' });
    expect(alreadyOrderedOf(error)).toEqual({ message: CART_MESSAGES.alreadyOrdered, order: { orderId: 'o123', orderNumber: 'BP-000123' } });
    expect(invalidated).toContainEqual(cartQueries.all());
    expect(invalidated).toContainEqual(orderQueries.all());
  });

  it('refreshes the cart (not the orders) when the cart changed while it was being ordered', async () => {
    const { error, invalidated } = await checkoutFailing(409, { error: 'CONFLICT', message: CART_MESSAGES.cartChanged });
    expect(error).toMatchObject({ status: 409, code: 'CONFLICT', message: CART_MESSAGES.cartChanged });
    expect(alreadyOrderedOf(error)).toBeNull();
    expect(invalidated).toContainEqual(cartQueries.all());
    expect(invalidated).not.toContainEqual(orderQueries.all());
  });
});
