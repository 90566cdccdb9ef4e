import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order, Product } from '@bulkparts/shared';
import { SHIP_TO, signUp, signUpAdmin, type SignedInUser } from '../helpers/factories.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let buyer: SignedInUser;
let other: SignedInUser;
let admin: SignedInUser;
let product: Product;

beforeAll(async () => {
  t = await createTestApp();
  buyer = await signUp(t.app);
  other = await signUp(t.app);
  admin = await signUpAdmin(t.app);
  product = ((await t.app.inject({ url: '/api/service?limit=1' })).json() as Product[])[0]!;
});
afterAll(async () => t.close());

const buy = (user: SignedInUser, body: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/purchase', headers: { cookie: user.cookie, ...headers }, payload: body as object });

/** Confirmation mails in the outbox (delivered or not) for a buyer. */
async function placedMails(email: string) {
  const rows = await t.database.db
    .selectFrom('mail_outbox')
    .select('text_body')
    .where('to_address', '=', email)
    .where('subject', 'like', '%was placed')
    .execute();
  return rows.map((r) => r.text_body);
}

async function setStock(id: string, qty: number) {
  await t.database.db.updateTable('products').set({ available_quantity: qty }).where('id', '=', id).execute();
}

describe('POST /api/purchase', () => {
  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/purchase', payload: { productId: product._id, quantity: 100 } });
    expect(res.statusCode).toBe(401);
  });

  it('applies the quantity rules with the spec messages', async () => {
    expect((await buy(buyer, { productId: product._id, quantity: 49 })).json().message).toBe('❌ Minimum order 50 ps');
    expect((await buy(buyer, { productId: product._id, quantity: 1001 })).json().message).toBe(' Maximum order 1000ps');
    const missing = await buy(buyer, { productId: product._id });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('❌ Minimum order 50 ps and Maximum order 1000ps');
    expect((await buy(buyer, { productId: 'nope', quantity: 100 })).statusCode).toBe(404);
  });

  it('derives price and buyer on the server, ignoring forged fields', async () => {
    const res = await buy(buyer, { productId: product._id, quantity: 100, price: 0.01, userEmail: other.email, Name: 'x' });
    expect(res.json()).toMatchObject({ Name: product.name });
    expect(res.statusCode).toBe(201);
    const order = res.json() as Order;
    expect(order.price).toBe(product.price);
    expect(order.userEmail).toBe(buyer.email);
    expect(order.Name).toBe(product.name);
    expect(order.status).toBe('pending');
    expect(order.paid).toBe(false);
  });

  it('refuses more than the stock with the remaining count', async () => {
    await setStock(product._id, 37);
    const res = await buy(buyer, { productId: product._id, quantity: 100 });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Only 37 Ps left in stock');
    await setStock(product._id, 5000);
  });

  it('returns the first order for a retried Idempotency-Key', async () => {
    const key = `k-${Date.now()}`;
    const [a, b] = await Promise.all([
      buy(buyer, { productId: product._id, quantity: product.minimumOrderQuantity }, { 'idempotency-key': key }),
      buy(buyer, { productId: product._id, quantity: product.minimumOrderQuantity }, { 'idempotency-key': key }),
    ]);
    expect([200, 201]).toContain(a.statusCode);
    expect([200, 201]).toContain(b.statusCode);
    expect(a.json()._id).toBe(b.json()._id);
    // The losing insert rolled back with its mail: one confirmation for the one order.
    expect((await placedMails(buyer.email)).filter((text) => text.includes(a.json()._id))).toHaveLength(1);
  });

  it('50 parallel orders against stock for 10 accept exactly 10 and leave 0', async () => {
    const q = product.minimumOrderQuantity;
    await setStock(product._id, 10 * q);
    const mailsBefore = (await placedMails(buyer.email)).length;
    const results = await Promise.all(Array.from({ length: 50 }, () => buy(buyer, { productId: product._id, quantity: q })));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201).length).toBe(10);
    expect(codes.filter((c) => c === 409).length).toBe(40);
    // Each confirmation is stored with its order, before the answer: exactly one per placed order.
    const mails = await placedMails(buyer.email);
    expect(mails.length - mailsBefore).toBe(10);
    for (const r of results.filter((x) => x.statusCode === 201)) expect(mails.some((text) => text.includes(r.json()._id))).toBe(true);
    const row = await t.database.db.selectFrom('products').select('available_quantity').where('id', '=', product._id).executeTakeFirstOrThrow();
    expect(Number(row.available_quantity)).toBe(0);
    await setStock(product._id, 5000);
  });
});

describe('reading, cancelling and the lifecycle', () => {
  it('counts My Orders from the trigger-kept count, which matches a real count after inserts and deletes', async () => {
    const counted = await signUp(t.app);
    const list = (query = '') => t.app.inject({ url: `/api/purchase?order=${encodeURIComponent(counted.email)}${query}`, headers: { cookie: counted.cookie } });
    expect((await list()).headers['x-total-count']).toBe('0');
    const placed: Order[] = [];
    for (let i = 0; i < 3; i++) placed.push((await buy(counted, { productId: product._id, quantity: product.minimumOrderQuantity })).json() as Order);
    await t.app.inject({ method: 'DELETE', url: `/api/purchase/${placed[0]!._id}`, headers: { cookie: counted.cookie } });
    expect((await list()).headers['x-total-count']).toBe('3');
    expect((await list('&status=cancelled')).headers['x-total-count']).toBe('1');
    await t.database.db.deleteFrom('orders').where('id', '=', placed[1]!._id).execute();
    const real = await t.database.db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_email', '=', counted.email)
      .executeTakeFirstOrThrow();
    expect((await list()).headers['x-total-count']).toBe(String(Number(real.n)));
    expect(Number(real.n)).toBe(2);
  });

  it('shows every write in My Orders at once, even one made outside the app', async () => {
    const customer = await signUp(t.app);
    const page = async (query = '') => {
      const res = await t.app.inject({
        url: `/api/purchase?order=${encodeURIComponent(customer.email)}&limit=10${query}`,
        headers: { cookie: customer.cookie },
      });
      return { items: res.json() as Order[], total: res.headers['x-total-count'] };
    };
    const placed: Order[] = [];
    for (let i = 0; i < 12; i++) placed.push((await buy(customer, { productId: product._id, quantity: product.minimumOrderQuantity })).json() as Order);
    // Read twice (the second answer may come from the kept page), then change the rows behind the app's back.
    await page();
    expect((await page()).items.map((o) => o.status)).toContain('pending');
    const last = placed[11]!._id;
    await t.database.db.updateTable('orders').set({ status: 'shipped' }).where('user_email', '=', customer.email).where('id', '<>', last).execute();
    expect((await page()).items.filter((o) => o._id !== last).every((o) => o.status === 'shipped')).toBe(true);
    expect((await page('&page=2')).items).toHaveLength(2);
    await t.database.db.deleteFrom('orders').where('id', '=', placed[0]!._id).execute();
    const after = await page('&page=2');
    expect(after.items).toHaveLength(1);
    expect(after.total).toBe('11');
    // Through the API too: a cancel shows on the next read.
    expect((await t.app.inject({ method: 'DELETE', url: `/api/purchase/${last}`, headers: { cookie: customer.cookie } })).statusCode).toBe(200);
    expect((await page()).items.find((o) => o._id === last)?.status).toBe('cancelled');
    // Another customer's pages are theirs alone.
    expect((await t.app.inject({ url: `/api/purchase?order=${encodeURIComponent(customer.email)}`, headers: { cookie: other.cookie } })).statusCode).toBe(403);
  });

  it('lets only the owner or an admin see an order; lists follow the rules', async () => {
    const order = (await buy(buyer, { productId: product._id, quantity: product.minimumOrderQuantity })).json() as Order;
    expect((await t.app.inject({ url: `/api/purchase/${order._id}`, headers: { cookie: buyer.cookie } })).statusCode).toBe(200);
    expect((await t.app.inject({ url: `/api/purchase/${order._id}`, headers: { cookie: other.cookie } })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/purchase/${order._id}`, headers: { cookie: admin.cookie } })).statusCode).toBe(200);
    const mine = await t.app.inject({ url: `/api/purchase?order=${encodeURIComponent(buyer.email)}`, headers: { cookie: buyer.cookie } });
    expect(mine.statusCode).toBe(200);
    expect((mine.json() as Order[])[0]!._id).toBe(order._id);
    expect(Number(mine.headers['x-total-count'])).toBeGreaterThan(0);
    expect((await t.app.inject({ url: `/api/purchase?order=${encodeURIComponent(buyer.email)}`, headers: { cookie: other.cookie } })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/purchase', headers: { cookie: buyer.cookie } })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/purchase?status=pending', headers: { cookie: admin.cookie } })).statusCode).toBe(200);
  });

  it('cancels a pending order and returns the stock; others cannot cancel it', async () => {
    await setStock(product._id, 500);
    const order = (await buy(buyer, { productId: product._id, quantity: 100 })).json() as Order;
    expect((await t.app.inject({ method: 'DELETE', url: `/api/purchase/${order._id}`, headers: { cookie: other.cookie } })).statusCode).toBe(404);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/purchase/${order._id}`, headers: { cookie: buyer.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('cancelled');
    const row = await t.database.db.selectFrom('products').select('available_quantity').where('id', '=', product._id).executeTakeFirstOrThrow();
    expect(Number(row.available_quantity)).toBe(500);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/purchase/${order._id}`, headers: { cookie: buyer.cookie } })).statusCode).toBe(409);
  });

  it('moves along the lifecycle and refuses other moves', async () => {
    // With a ship-to: an order without one is not shipped (issue 29, purchase-checkout-fields.test.ts).
    const order = (await buy(buyer, { productId: product._id, quantity: 100, shippingAddress: SHIP_TO })).json() as Order;
    const patch = (status: string, cookie = admin.cookie) =>
      t.app.inject({ method: 'PATCH', url: `/api/purchase/${order._id}`, headers: { cookie }, payload: { status } });
    expect((await patch('paid', buyer.cookie)).statusCode).toBe(403);
    expect((await patch('shipped')).statusCode).toBe(409);
    expect((await patch('paid')).json().paid).toBe(true);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/purchase/${order._id}`, headers: { cookie: buyer.cookie } })).statusCode).toBe(409);
    expect((await patch('shipped')).json().status).toBe('shipped');
    expect((await patch('delivered')).json().status).toBe('delivered');
    expect((await patch('pending')).statusCode).toBe(409);
    // The outbox worker delivers after each commit: wait (at most 5 s) for the three, not a fixed time.
    const mailed = () => t.mail.filter((m) => JSON.stringify(m).includes(buyer.email)).map((m) => JSON.stringify(m));
    const missing = () => ['placed', 'paid', 'shipped'].filter((verb) => !mailed().some((m) => m.includes(`was ${verb}`)));
    for (let i = 0; i < 250 && missing().length; i++) await new Promise((r) => setTimeout(r, 20));
    expect(missing()).toEqual([]);
  });
});
