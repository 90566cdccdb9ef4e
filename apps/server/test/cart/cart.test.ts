import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CART_LINES_MAX, CART_MESSAGES, MESSAGES, type ApiError, type Cart } from '@bulkparts/shared';
import { cartClient, insertProducts, setStock, type TestProduct } from '../helpers/cart.js';
import { signUp, type SignedInUser } from '../helpers/factories.js';
import { createTestApp, engine, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let buyer: SignedInUser;
let products: TestProduct[];

beforeAll(async () => {
  t = await createTestApp();
  buyer = await signUp(t.app);
  products = await insertProducts(t.database, 5, { stock: 2000 });
});
afterAll(async () => t?.close());

describe(`cart (${engine})`, () => {
  it('answers 401 to anonymous callers on every cart route', async () => {
    const id = products[0]!.id;
    const calls = [
      t.app.inject({ method: 'GET', url: '/api/cart' }),
      t.app.inject({ method: 'DELETE', url: '/api/cart' }),
      t.app.inject({ method: 'POST', url: '/api/cart/lines', payload: { lines: [{ sku: 'X', quantity: 100 }] } }),
      t.app.inject({ method: 'PUT', url: `/api/cart/lines/${id}`, payload: { quantity: 100 } }),
      t.app.inject({ method: 'DELETE', url: `/api/cart/lines/${id}` }),
      t.app.inject({ method: 'POST', url: '/api/cart/checkout', payload: {} }),
      t.app.inject({ method: 'POST', url: `/api/purchase/${id}/reorder` }),
    ];
    expect((await Promise.all(calls)).map((r) => r.statusCode)).toEqual([401, 401, 401, 401, 401, 401, 401]);
  });

  it('starts empty', async () => {
    expect(await cartClient(t.app, await signUp(t.app)).cart()).toEqual({ lines: [], subtotal: 0, count: 0 });
  });

  it('PUT sets a line with live name, price and total; DELETE removes it; DELETE /api/cart empties', async () => {
    const c = cartClient(t.app, await signUp(t.app));
    const [a, b] = products;
    const res = await c.put(a!.id, 100);
    expect(res.statusCode).toBe(200);
    expect((res.json() as Cart).lines[0]).toMatchObject({
      productId: a!.id,
      sku: a!.sku,
      name: a!.name,
      unitPrice: a!.priceCents / 100,
      quantity: 100,
      lineTotal: a!.priceCents,
      problem: null,
    });
    await c.put(b!.id, 200);
    const cart = await c.cart();
    expect(cart.count).toBe(2);
    expect(cart.subtotal).toBe((a!.priceCents * 100 + b!.priceCents * 200) / 100);
    expect((await c.put(a!.id, 300)).json().lines[0].quantity).toBe(300);
    expect(((await c.remove(a!.id)).json() as Cart).lines.map((l) => l.productId)).toEqual([b!.id]);
    expect((await c.clear()).json()).toEqual({ lines: [], subtotal: 0, count: 0 });
  });

  it('applies the purchase rules per line: minimum 400 with the spec message, over stock 409, unknown product 404, bad body 400 naming the field', async () => {
    const c = cartClient(t.app, await signUp(t.app));
    const p = products[1]!;
    const under = await c.put(p.id, 49);
    expect(under.statusCode).toBe(400);
    expect(under.json()).toMatchObject({ error: 'VALIDATION_FAILED', message: MESSAGES.quantityMin, fields: { quantity: MESSAGES.quantityMin } });
    await t.database.db.updateTable('products').set({ minimum_order_quantity: 200 }).where('id', '=', p.id).execute();
    const underProduct = await c.put(p.id, 150);
    expect(underProduct.statusCode).toBe(400);
    expect(underProduct.json().fields.quantity).toBe('❌ Minimum order 200 ps');
    await t.database.db.updateTable('products').set({ minimum_order_quantity: 50 }).where('id', '=', p.id).execute();
    expect((await c.put(p.id, 1001)).json().message).toBe(MESSAGES.quantityMax);
    await setStock(t.database, p.id, 120);
    const over = await c.put(p.id, 500);
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ error: 'INSUFFICIENT_STOCK', fields: { quantity: 'Only 120 Ps left in stock' } });
    await setStock(t.database, p.id, 2000);
    expect((await c.put('0123456789abcdef01234567', 100)).statusCode).toBe(404);
    const noQuantity = await c.put(p.id, undefined);
    expect(noQuantity.statusCode).toBe(400);
    expect(noQuantity.json().fields).toHaveProperty('quantity');
    expect((await c.cart()).count).toBe(0);
  });

  it('shows a problem on GET when a product is archived or its stock falls under the line, and refuses PUT on an archived one', async () => {
    const c = cartClient(t.app, await signUp(t.app));
    const [p, q] = await insertProducts(t.database, 2, { stock: 1000 });
    await c.put(p!.id, 100);
    await c.put(q!.id, 500);
    await t.database.db.updateTable('products').set({ archived: 1 }).where('id', '=', p!.id).execute();
    await setStock(t.database, q!.id, 300);
    const cart = await c.cart();
    expect(cart.lines.map((l) => l.problem)).toEqual([MESSAGES.productUnavailable, 'Only 300 Ps left in stock']);
    const put = await c.put(p!.id, 100);
    expect(put.statusCode).toBe(409);
    expect(put.json().message).toBe(MESSAGES.productUnavailable);
  });

  it('POST /api/cart/lines adds to existing quantities, sums the same SKU twice and takes SKUs in any case', async () => {
    const c = cartClient(t.app, await signUp(t.app));
    const [a, b] = products;
    await c.put(a!.id, 100);
    const res = await c.add([
      { sku: a!.sku.toLowerCase(), quantity: 50 },
      { sku: ` ${b!.sku} `, quantity: 60 },
      { sku: b!.sku, quantity: 70 },
    ]);
    expect(res.statusCode).toBe(200);
    const cart = res.json() as Cart;
    // The answer is built from what the add read and wrote: it equals a fresh read.
    expect(cart).toEqual(await c.cart());
    expect(cart.lines.map((l) => [l.sku, l.quantity])).toEqual([
      [a!.sku, 150],
      [b!.sku, 130],
    ]);
  });

  it('bulk add is all or nothing: an unknown SKU and a bad quantity are named by index and nothing changes', async () => {
    const c = cartClient(t.app, await signUp(t.app));
    const [a, b, d] = products;
    await c.put(a!.id, 100);
    const before = await c.cart();
    const res = await c.add([
      { sku: b!.sku, quantity: 100 },
      { sku: 'NO-SUCH-SKU-1', quantity: 100 },
      { sku: d!.sku, quantity: 10 },
      { sku: a!.sku, quantity: 'lots' },
      { sku: a!.sku, quantity: 950 },
    ]);
    expect(res.statusCode).toBe(400);
    const body = res.json() as ApiError;
    expect(body.error).toBe('VALIDATION_FAILED');
    expect(body.message).toBe(CART_MESSAGES.badLines);
    expect(body.lines).toEqual([
      { index: 1, sku: 'NO-SUCH-SKU-1', message: CART_MESSAGES.unknownSku, field: 'sku' },
      { index: 2, sku: d!.sku, message: MESSAGES.quantityMin, field: 'quantity' },
      { index: 3, sku: a!.sku, message: MESSAGES.quantityRequired, field: 'quantity' },
      // 100 in the cart + 950 is over the 1000 a line may hold
      { index: 4, sku: a!.sku, message: MESSAGES.quantityMax, field: 'quantity' },
    ]);
    expect(await c.cart()).toEqual(before);
  });

  it('bulk add refuses malformed bodies naming the field, and more than 500 lines', async () => {
    const c = cartClient(t.app, buyer);
    expect((await c.add(undefined)).json().fields).toHaveProperty('lines');
    expect((await c.add([])).statusCode).toBe(400);
    expect((await c.add([{ quantity: 100 }])).json().fields).toHaveProperty('lines.0.sku');
    const tooMany = await c.add(Array.from({ length: 501 }, () => ({ sku: products[0]!.sku, quantity: 50 })));
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().fields).toHaveProperty('lines');
  });

  it(`holds at most ${CART_LINES_MAX} lines`, async () => {
    const c = cartClient(t.app, await signUp(t.app));
    const many = await insertProducts(t.database, CART_LINES_MAX + 1, { stock: 1000 });
    const full = await c.add(many.slice(0, CART_LINES_MAX).map((p) => ({ sku: p.sku, quantity: 50 })));
    expect(full.statusCode).toBe(200);
    expect((full.json() as Cart).count).toBe(CART_LINES_MAX);
    const one = many[CART_LINES_MAX]!;
    const past = await c.add([{ sku: one.sku, quantity: 50 }]);
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toBe(CART_MESSAGES.cartFull);
    expect((await c.put(one.id, 50)).statusCode).toBe(400);
    // Changing a line already there is fine.
    expect((await c.put(many[0]!.id, 60)).statusCode).toBe(200);
    expect((await c.cart()).count).toBe(CART_LINES_MAX);
  });

  it('keeps the cart across sign-out and devices (another session of the same account)', async () => {
    const user = await signUp(t.app);
    await cartClient(t.app, user).put(products[2]!.id, 100);
    const again = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email: user.email, password: user.password } });
    const cookie = (again.headers['set-cookie'] as string[] | string | undefined) ?? [];
    const other = { ...user, cookie: (Array.isArray(cookie) ? cookie : [cookie]).map((x) => x.split(';')[0]).join('; ') };
    expect((await cartClient(t.app, other).cart()).lines.map((l) => l.productId)).toEqual([products[2]!.id]);
  });
});
