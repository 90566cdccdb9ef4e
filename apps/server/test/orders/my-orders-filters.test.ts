import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseOrderNumber, type Order } from '@bulkparts/shared';
import { productWithStock, SHIP_TO, signUp, signUpAdmin, type SignedInUser } from '../helpers/factories.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

/**
 * Issue 29, My Orders: `GET /api/purchase` finds an order by its number (as shown or bare) or its
 * PO number, and narrows by the calendar days it was placed (`from`/`to`, both included, UTC).
 */
let t: TestApp;
let buyer: SignedInUser;
let other: SignedInUser;
let admin: SignedInUser;
/** The buyer's orders: placed on the first of March, the last instant of 15 March, the first of 16 March (2019). */
let march1: Order;
let march15: Order;
let march16: Order;
let othersOrder: Order;

async function place(user: SignedInUser, poNumber: string | undefined, createdAt: string): Promise<Order> {
  const product = await productWithStock(t.app, 100);
  const payload = { productId: product._id, quantity: 100, shippingAddress: SHIP_TO, ...(poNumber ? { poNumber } : {}) };
  const res = await t.app.inject({ method: 'POST', url: '/api/purchase', headers: { cookie: user.cookie }, payload });
  if (res.statusCode !== 201) throw new Error(`purchase failed: ${res.statusCode} ${res.body}`);
  const order = res.json() as Order;
  // Placed long ago: far from the seed's and the other tests' orders, which are placed today.
  await t.database.db.updateTable('orders').set({ created_at: createdAt }).where('id', '=', order._id).execute();
  return { ...order, createdAt };
}

beforeAll(async () => {
  t = await createTestApp();
  buyer = await signUp(t.app);
  other = await signUp(t.app);
  admin = await signUpAdmin(t.app);
  march1 = await place(buyer, 'PO-Acme-7781', '2019-03-01T00:00:00.000Z');
  march15 = await place(buyer, 'REQ 2019/044', '2019-03-15T23:59:59.999Z');
  march16 = await place(buyer, undefined, '2019-03-16T00:00:00.000Z');
  othersOrder = await place(other, 'PO-Acme-7781', '2019-03-01T12:00:00.000Z');
});
afterAll(async () => t.close());

async function list(user: SignedInUser, query: Record<string, string>, own = true) {
  const search = new URLSearchParams({ ...(own ? { order: user.email } : {}), ...query, limit: '50' });
  const res = await t.app.inject({ method: 'GET', url: `/api/purchase?${search}`, headers: { cookie: user.cookie } });
  return res;
}

async function ids(user: SignedInUser, query: Record<string, string>, own = true): Promise<string[]> {
  const res = await list(user, query, own);
  expect(res.statusCode, res.body).toBe(200);
  const items = res.json() as Order[];
  expect(Number(res.headers['x-total-count'])).toBe(items.length);
  return items.map((o) => o._id);
}

describe('GET /api/purchase?q= (order and PO numbers)', () => {
  it('finds an order by its number as shown, in any case, or bare', async () => {
    const number = parseOrderNumber(march15.orderNumber)!;
    expect(await ids(buyer, { q: march15.orderNumber })).toEqual([march15._id]);
    expect(await ids(buyer, { q: march15.orderNumber.toLowerCase() })).toEqual([march15._id]);
    expect(await ids(buyer, { q: ` BP${number} ` })).toEqual([march15._id]);
    // A bare number also matches text containing it; the order with that number is among the results.
    expect(await ids(buyer, { q: String(number) })).toContain(march15._id);
  });

  it('matches an order number exactly, not a part of one', async () => {
    const number = parseOrderNumber(march1.orderNumber)!;
    expect(await ids(buyer, { q: `BP-${number}0000` })).toEqual([]);
    expect(await ids(buyer, { q: `BP-${'9'.repeat(15)}` })).toEqual([]);
    // Past a safe integer it is text, never a number the database cannot hold.
    expect(await ids(buyer, { q: `BP-${'9'.repeat(30)}` })).toEqual([]);
  });

  it('finds orders by a part of the PO number, in any case, only the caller’s own', async () => {
    expect(await ids(buyer, { q: 'acme-77' })).toEqual([march1._id]);
    expect(await ids(buyer, { q: '2019/044' })).toEqual([march15._id]);
    expect(await ids(other, { q: 'PO-ACME' })).toEqual([othersOrder._id]);
  });

  it('keeps matching the product name and the buyer’s email', async () => {
    expect(await ids(buyer, { q: march16.Name })).toContain(march16._id);
    expect((await ids(buyer, { q: buyer.email })).sort()).toEqual([march1._id, march15._id, march16._id].sort());
  });

  it('searches every order for an admin, by number and PO', async () => {
    expect(await ids(admin, { q: othersOrder.orderNumber }, false)).toEqual([othersOrder._id]);
    expect((await ids(admin, { q: 'po-acme-7781' }, false)).sort()).toEqual([march1._id, othersOrder._id].sort());
  });
});

describe('GET /api/purchase?from=&to= (days placed, both included)', () => {
  it('includes the whole of the last day and nothing of the next', async () => {
    expect(await ids(buyer, { from: '2019-03-01', to: '2019-03-15' })).toEqual([march15._id, march1._id]);
    expect(await ids(buyer, { from: '2019-03-15', to: '2019-03-15' })).toEqual([march15._id]);
    expect(await ids(buyer, { from: '2019-03-16', to: '2019-03-16' })).toEqual([march16._id]);
  });

  it('takes either bound alone', async () => {
    expect(await ids(buyer, { to: '2019-03-14' })).toEqual([march1._id]);
    expect(await ids(buyer, { from: '2019-03-02' })).toEqual([march16._id, march15._id]);
    expect(await ids(buyer, { from: '2019-04-01' })).toEqual([]);
  });

  it('combines with the search and the status, and pages with the filtered total', async () => {
    expect(await ids(buyer, { from: '2019-03-01', to: '2019-03-31', q: 'acme' })).toEqual([march1._id]);
    expect(await ids(buyer, { from: '2019-03-01', to: '2019-03-31', status: 'pending' })).toHaveLength(3);
    expect(await ids(buyer, { from: '2019-03-01', to: '2019-03-31', status: 'paid' })).toEqual([]);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/purchase?order=${encodeURIComponent(buyer.email)}&from=2019-03-01&to=2019-03-31&limit=2&page=2`,
      headers: { cookie: buyer.cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('3');
    expect((res.json() as Order[]).map((o) => o._id)).toEqual([march1._id]);
  });

  it('filters every order for an admin', async () => {
    expect(await ids(admin, { from: '2019-03-01', to: '2019-03-01' }, false)).toEqual([othersOrder._id, march1._id]);
  });

  it('leaves the unfiltered list (kept pages) whole', async () => {
    await ids(buyer, { from: '2019-03-16' });
    expect((await ids(buyer, {})).sort()).toEqual([march1._id, march15._id, march16._id].sort());
  });
});

describe('GET /api/purchase: bad dates are a 400 naming the field', () => {
  const cases: [Record<string, string>, string, string][] = [
    [{ from: '2019-13-01' }, 'from', 'from must be a date (YYYY-MM-DD)'],
    [{ from: '2019-02-30' }, 'from', 'from must be a date (YYYY-MM-DD)'],
    [{ to: '2019-03-01T00:00:00Z' }, 'to', 'to must be a date (YYYY-MM-DD)'],
    [{ to: 'yesterday' }, 'to', 'to must be a date (YYYY-MM-DD)'],
    [{ from: '' }, 'from', 'from must be a date (YYYY-MM-DD)'],
    [{ from: '2019-03-16', to: '2019-03-15' }, 'from', 'from must be on or before to'],
  ];
  it.each(cases)('%j', async (query, field, message) => {
    const res = await list(buyer, query);
    expect(res.statusCode).toBe(400);
    const body = res.json() as { error: string; fields: Record<string, string> };
    expect(body.error).toBe('VALIDATION_FAILED');
    expect(body.fields[field]).toBe(message);
  });

  it('refuses a repeated bound', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/purchase?order=${encodeURIComponent(buyer.email)}&from=2019-03-01&from=2019-03-02`,
      headers: { cookie: buyer.cookie },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.from).toBe('from must be a date (YYYY-MM-DD)');
  });
});
