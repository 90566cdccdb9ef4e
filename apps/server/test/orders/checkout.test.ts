import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CART_MESSAGES, MESSAGES, type ApiError, type Order, type Profile } from '@bulkparts/shared';
import { ADDRESS, cartClient, insertProducts, setStock, stockOf, type TestProduct } from '../helpers/cart.js';
import { signUp, type SignedInUser } from '../helpers/factories.js';
import { createTestApp, engine, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let products: TestProduct[];

beforeAll(async () => {
  t = await createTestApp();
  products = await insertProducts(t.database, 10, { stock: 5000 });
});
afterAll(async () => t?.close());

const stocks = () => Promise.all(products.map((p) => stockOf(t.database, p.id)));
const fill = async (user: SignedInUser, quantity = 100) => {
  const res = await cartClient(t.app, user).add(products.map((p) => ({ sku: p.sku, quantity })));
  expect(res.statusCode).toBe(200);
};

describe(`POST /api/cart/checkout (${engine})`, () => {
  it('turns a 10-line cart into one order at server prices, takes every line’s stock, empties the cart and remembers the address', async () => {
    const buyer = await signUp(t.app);
    const c = cartClient(t.app, buyer);
    await fill(buyer, 100);
    const before = await stocks();
    const res = await c.checkout({ poNumber: 'PO-4711', shippingAddress: ADDRESS, note: 'Deliver to gate 3' });
    expect(res.statusCode).toBe(201);
    const order = res.json() as Order;
    expect(order.lines).toHaveLength(10);
    expect(order.lines[0]).toEqual({
      productId: products[0]!.id,
      sku: products[0]!.sku,
      name: products[0]!.name,
      img: '/images/products/placeholder.webp',
      unitPrice: products[0]!.priceCents / 100,
      quantity: 100,
      lineTotal: products[0]!.priceCents,
      // Issue 29: the list price for the quantity, beside what the buyer pays (here the same).
      listUnitPrice: products[0]!.priceCents / 100,
      // Issue 31: none of it has shipped yet.
      shipped: 0,
      backordered: 0,
      promisedDispatch: null,
      returned: 0,
      // Issue 30: the default seller (US) ships to the UK tax-free, as an export.
      tax: { rule: 'export', rate: 0, amount: 0, zone: 'GB', name: 'Export', evidence: null },
    });
    const totalCents = products.reduce((n, p) => n + p.priceCents * 100, 0);
    expect(order).toMatchObject({
      Name: `${products[0]!.name} and 9 more`,
      productId: products[0]!.id,
      price: products[0]!.priceCents / 100,
      quantity: 1000,
      total: totalCents / 100,
      status: 'pending',
      paid: false,
      poNumber: 'PO-4711',
      note: 'Deliver to gate 3',
      shippingAddress: ADDRESS,
      userEmail: buyer.email,
    });
    expect(await stocks()).toEqual(before.map((s) => s - 100));
    expect(await c.cart()).toEqual({ lines: [], subtotal: 0, count: 0 });
    const profile = (await t.app.inject({ url: '/api/profile', headers: { cookie: buyer.cookie } })).json() as Profile;
    expect(profile.shippingAddress).toEqual(ADDRESS);
    // The order reads back the same, alone and in My Orders.
    // (Alone, with its timeline: issue 29.)
    const { timeline, ...alone } = (await t.app.inject({ url: `/api/purchase/${order._id}`, headers: { cookie: buyer.cookie } })).json() as Order;
    expect(alone).toEqual(order);
    expect(timeline?.map((s) => s.event)).toEqual(['placed']);
    const mine = (await t.app.inject({ url: `/api/purchase?order=${encodeURIComponent(buyer.email)}`, headers: { cookie: buyer.cookie } })).json() as Order[];
    expect(mine).toEqual([order]);
    // One confirmation mail listing every line and the PO number.
    const mails = await t.database.db
      .selectFrom('mail_outbox')
      .select('text_body')
      .where('to_address', '=', buyer.email)
      .where('subject', 'like', '%was placed')
      .execute();
    expect(mails).toHaveLength(1);
    for (const p of products) expect(mails[0]!.text_body).toContain(p.sku);
    expect(mails[0]!.text_body).toContain('PO-4711');
  });

  it('is all or nothing when one of 10 lines is short: 409 naming it, stock and cart unchanged', async () => {
    const buyer = await signUp(t.app);
    const c = cartClient(t.app, buyer);
    await fill(buyer, 100);
    const short = products[6]!;
    await setStock(t.database, short.id, 60);
    const before = await stocks();
    const cartBefore = await c.cart();
    const res = await c.checkout();
    expect(res.statusCode).toBe(409);
    const body = res.json() as ApiError;
    expect(body.error).toBe('INSUFFICIENT_STOCK');
    expect(body.lines).toEqual([{ productId: short.id, sku: short.sku, message: 'Only 60 Ps left in stock' }]);
    expect(await stocks()).toEqual(before);
    expect(await c.cart()).toEqual(cartBefore);
    await setStock(t.database, short.id, 5000);
  });

  it('names every short line', async () => {
    const buyer = await signUp(t.app);
    await fill(buyer, 100);
    await setStock(t.database, products[2]!.id, 0);
    await setStock(t.database, products[8]!.id, 99);
    const res = await cartClient(t.app, buyer).checkout();
    expect(res.statusCode).toBe(409);
    expect((res.json() as ApiError).lines).toEqual([
      { productId: products[2]!.id, sku: products[2]!.sku, message: 'This product is out of stock' },
      { productId: products[8]!.id, sku: products[8]!.sku, message: 'Only 99 Ps left in stock' },
    ]);
    await setStock(t.database, products[2]!.id, 5000);
    await setStock(t.database, products[8]!.id, 5000);
  });

  it('refuses a cart with an archived product (400 naming the line) and an empty cart', async () => {
    const buyer = await signUp(t.app);
    const c = cartClient(t.app, buyer);
    expect((await c.checkout()).json()).toMatchObject({ error: 'VALIDATION_FAILED', message: CART_MESSAGES.cartEmpty });
    const [gone] = await insertProducts(t.database, 1);
    await c.put(gone!.id, 100);
    await c.put(products[0]!.id, 100);
    await t.database.db.updateTable('products').set({ archived: 1 }).where('id', '=', gone!.id).execute();
    const res = await c.checkout();
    expect(res.statusCode).toBe(400);
    expect((res.json() as ApiError).lines).toEqual([{ productId: gone!.id, sku: gone!.sku, message: MESSAGES.productUnavailable }]);
    expect((await c.cart()).count).toBe(2);
  });

  it('answers 400 naming the field for a bad body', async () => {
    const buyer = await signUp(t.app);
    const c = cartClient(t.app, buyer);
    await c.put(products[0]!.id, 100);
    const none = await c.checkout({});
    expect(none.statusCode).toBe(400);
    expect(none.json().fields).toHaveProperty('shippingAddress');
    const partial = await c.checkout({ shippingAddress: { ...ADDRESS, name: ' ', postalCode: 'x'.repeat(21) }, poNumber: 'x'.repeat(51) });
    expect(Object.keys(partial.json().fields).sort()).toEqual(['poNumber', 'shippingAddress.name', 'shippingAddress.postalCode']);
  });

  it('is idempotent: the same key answers the same order (201 then 200); the same key with another cart is 422', async () => {
    const buyer = await signUp(t.app);
    const c = cartClient(t.app, buyer);
    await c.put(products[0]!.id, 100);
    await c.put(products[1]!.id, 100);
    const key = `checkout-${Date.now()}`;
    const before = await stocks();
    const first = await c.checkout({ shippingAddress: ADDRESS }, key);
    expect(first.statusCode).toBe(201);
    const again = await c.checkout({ shippingAddress: ADDRESS }, key);
    expect(again.statusCode).toBe(200);
    expect((again.json() as Order)._id).toBe((first.json() as Order)._id);
    expect(await stocks()).toEqual(before.map((s, i) => (i < 2 ? s - 100 : s)));
    await c.put(products[3]!.id, 100);
    const reused = await c.checkout({ shippingAddress: ADDRESS }, key);
    expect(reused.statusCode).toBe(422);
    expect(reused.json().error).toBe('IDEMPOTENCY_KEY_REUSED');
    expect((await c.cart()).count).toBe(1);
  });

  it('two concurrent checkouts with the same key make one order', async () => {
    const buyer = await signUp(t.app);
    const c = cartClient(t.app, buyer);
    await c.put(products[4]!.id, 100);
    const before = await stockOf(t.database, products[4]!.id);
    const key = `race-${Date.now()}`;
    const [a, b] = await Promise.all([c.checkout({ shippingAddress: ADDRESS }, key), c.checkout({ shippingAddress: ADDRESS }, key)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    expect(a.json()._id).toBe(b.json()._id);
    expect(await stockOf(t.database, products[4]!.id)).toBe(before - 100);
  });

  it('pre-fills: the profile answers the last address', async () => {
    const buyer = await signUp(t.app);
    const profile = (await t.app.inject({ url: '/api/profile', headers: { cookie: buyer.cookie } })).json() as Profile;
    expect(profile.shippingAddress).toBeNull();
  });
});
