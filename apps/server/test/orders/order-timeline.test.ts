import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '@bulkparts/shared';
import { ADDRESS, cartClient, insertProducts, type TestProduct } from '../helpers/cart.js';
import { placeOrder, signUp, type SignedInUser } from '../helpers/factories.js';
import { createTestApp, engine, type TestApp } from '../helpers/test-app.js';
import { addMember, createCompany, orderClient, shopAdmin } from './company-helpers.js';

/**
 * Issue 29: `GET /api/purchase/{id}` answers the order's timeline, read from the events each change
 * records in its own transaction: what happened, when, and who acted (a name, or `system`).
 */
let t: TestApp;
let shop: SignedInUser;
let products: TestProduct[];

beforeAll(async () => {
  t = await createTestApp();
  shop = await shopAdmin(t.app);
  products = await insertProducts(t.database, 1, { stock: 100_000 });
});
afterAll(async () => t.close());

const read = async (id: string, who: SignedInUser) => {
  const res = await t.app.inject({ url: `/api/purchase/${id}`, headers: { cookie: who.cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Order;
};
const steps = (order: Order) => order.timeline?.map((s) => [s.event, s.by]);
const admin = (method: 'PATCH' | 'POST', url: string, payload: object) => t.app.inject({ method, url, headers: { cookie: shop.cookie }, payload });

describe(`an order's timeline (${engine})`, () => {
  it('placed, paid by card, shipped and delivered: each step with its time and who acted', async () => {
    const buyer = await signUp(t.app, { name: 'Ada Buyer' });
    const order = await placeOrder(t.app, buyer);
    expect(steps(await read(order._id, buyer))).toEqual([['placed', 'Ada Buyer']]);
    const pay = await t.app.inject({
      method: 'POST',
      url: `/api/purchase/${order._id}/pay`,
      headers: { cookie: buyer.cookie },
      payload: { cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' },
    });
    expect(pay.statusCode, pay.body).toBe(200);
    expect((await admin('PATCH', `/api/purchase/${order._id}`, { status: 'shipped', carrier: 'DHL', trackingNumber: 'JD0001' })).statusCode).toBe(200);
    expect((await admin('PATCH', `/api/purchase/${order._id}`, { status: 'delivered' })).statusCode).toBe(200);
    const done = await read(order._id, buyer);
    expect(steps(done)).toEqual([
      ['placed', 'Ada Buyer'],
      ['paid', 'Ada Buyer'],
      ['shipped', 'Shop Admin'],
      ['delivered', 'Shop Admin'],
    ]);
    // Each step's time is the one the order's own columns carry.
    expect(done.timeline![0]!.at).toBe(done.createdAt);
    expect(done.timeline![1]!.at).toBe(done.paidAt);
    const times = done.timeline!.map((s) => Date.parse(s.at));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    // The admin reads the same timeline; lists do not carry it.
    expect(steps(await read(order._id, shop))).toEqual(steps(done));
    const list = await t.app.inject({ url: `/api/purchase?order=${encodeURIComponent(buyer.email)}`, headers: { cookie: buyer.cookie } });
    expect((list.json() as Order[]).every((o) => o.timeline === undefined)).toBe(true);
  });

  it('cancelled by the buyer; expired by the system', async () => {
    const buyer = await signUp(t.app, { name: 'Bo Buyer' });
    const cancelled = await placeOrder(t.app, buyer);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/purchase/${cancelled._id}`, headers: { cookie: buyer.cookie } })).statusCode).toBe(200);
    expect(steps(await read(cancelled._id, buyer))).toEqual([
      ['placed', 'Bo Buyer'],
      ['cancelled', 'Bo Buyer'],
    ]);
    const unpaid = await placeOrder(t.app, buyer);
    await t.database.db
      .updateTable('orders')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', unpaid._id)
      .execute();
    expect(await t.app.services.orders.expireDue()).toBeGreaterThanOrEqual(1);
    expect(steps(await read(unpaid._id, buyer))).toEqual([
      ['placed', 'Bo Buyer'],
      ['expired', 'system'],
    ]);
  });

  it('above the spending limit: placed, then approved by the approver; a rejection names its approver too', async () => {
    const c = await createCompany(t.app);
    const buyer = await addMember(t, c, 'buyer', 100);
    const approver = await addMember(t, c, 'approver');
    const checkout = async () => {
      await cartClient(t.app, buyer).clear();
      await cartClient(t.app, buyer).add([{ sku: products[0]!.sku, quantity: 300 }]);
      const res = await cartClient(t.app, buyer).checkout({ shippingAddress: ADDRESS });
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as Order;
    };
    const approved = await checkout();
    expect((await orderClient(t.app, approver).approve(approved._id)).statusCode).toBe(200);
    const rejected = await checkout();
    expect((await orderClient(t.app, approver).reject(rejected._id)).statusCode).toBe(200);
    // The approver reads the order they decided on, with its timeline.
    expect(steps(await read(approved._id, approver))).toEqual([
      ['placed', buyer.name],
      ['approved', approver.name],
    ]);
    expect(steps(await read(rejected._id, buyer))).toEqual([
      ['placed', buyer.name],
      ['rejected', approver.name],
    ]);
  });

  it('a change that rolls back records nothing: a second cancel is refused and the timeline keeps one step', async () => {
    const buyer = await signUp(t.app);
    const order = await placeOrder(t.app, buyer);
    const cancel = () => t.app.inject({ method: 'DELETE', url: `/api/purchase/${order._id}`, headers: { cookie: buyer.cookie } });
    const results = await Promise.all([cancel(), cancel(), cancel()]);
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect((await read(order._id, buyer)).timeline?.filter((s) => s.event === 'cancelled')).toHaveLength(1);
  });
});
