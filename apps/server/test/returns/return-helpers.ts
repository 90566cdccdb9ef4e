import type { FastifyInstance } from 'fastify';
import type { Order, Return, Shipment } from '@bulkparts/shared';
import { cartClient, type TestProduct } from '../helpers/cart.js';
import type { SignedInUser } from '../helpers/factories.js';

/** Issue 31: the calls a return's tests make (the buyer's, the admin's). */
export function returnClient(app: FastifyInstance, user: SignedInUser) {
  const headers = { cookie: user.cookie };
  return {
    request: (orderId: string, body: object) => app.inject({ method: 'POST', url: `/api/purchase/${orderId}/returns`, headers, payload: body }),
    get: (id: string) => app.inject({ url: `/api/returns/${id}`, headers }),
    list: (query = '') => app.inject({ url: `/api/returns${query}`, headers }),
    approve: (id: string) => app.inject({ method: 'POST', url: `/api/returns/${id}/approve`, headers }),
    reject: (id: string, reason = 'Not bought here') => app.inject({ method: 'POST', url: `/api/returns/${id}/reject`, headers, payload: { reason } }),
    receive: (id: string, body: object) => app.inject({ method: 'POST', url: `/api/returns/${id}/receive`, headers, payload: body }),
    refund: (id: string) => app.inject({ method: 'POST', url: `/api/returns/${id}/refund`, headers }),
    creditNotePdf: (id: string) => app.inject({ url: `/api/credit-notes/${id}/pdf`, headers }),
  };
}

/** A three-line order of `quantity` pieces a line, paid by `pay` (default: the test card), then shipped whole by `admin`. */
export async function shippedOrder(
  app: FastifyInstance,
  buyer: SignedInUser,
  admin: SignedInUser,
  products: readonly TestProduct[],
  { quantity = 100, pay, checkout = {} }: { quantity?: number; pay?: (order: Order) => Promise<void>; checkout?: Record<string, unknown> } = {},
): Promise<Order> {
  await cartClient(app, buyer).clear();
  const order = await cartClient(app, buyer).order(products, quantity, checkout);
  if (pay) await pay(order);
  else {
    const paid = await app.inject({
      method: 'POST',
      url: `/api/purchase/${order._id}/pay`,
      headers: { cookie: buyer.cookie },
      payload: { cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' },
    });
    if (paid.statusCode !== 200) throw new Error(`pay failed: ${paid.statusCode} ${paid.body}`);
  }
  const shipped = await app.inject({
    method: 'PATCH',
    url: `/api/purchase/${order._id}`,
    headers: { cookie: admin.cookie },
    payload: { status: 'shipped', carrier: 'UPS' },
  });
  if (shipped.statusCode !== 200) throw new Error(`ship failed: ${shipped.statusCode} ${shipped.body}`);
  return shipped.json() as Order;
}

export type { Return, Shipment };
