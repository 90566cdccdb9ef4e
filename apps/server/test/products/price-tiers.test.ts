import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError, Cart, Order, Product } from '@bulkparts/shared';
import { cartClient } from '../helpers/cart.js';
import { signUp, signUpAdmin, type SignedInUser } from '../helpers/factories.js';
import { createTestApp, engine, type TestApp } from '../helpers/test-app.js';

/**
 * Quantity breaks and pack multiples (issue 17) through the API: the product fields and their
 * 400s, then every way a line is priced (purchase, cart, checkout, reorder) at the boundaries of
 * 200:$0.15 | 500:$0.12 on $0.18, and the pack multiple's message.
 */
let t: TestApp;
let admin: SignedInUser;
let seq = 0;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpAdmin(t.app);
});
afterAll(async () => t?.close());

const TIERS = [
  { minQuantity: 200, price: 0.15 },
  { minQuantity: 500, price: 0.12 },
];

const post = (body: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/service', headers: { cookie: admin.cookie }, payload: body });
const patch = (id: string, body: Record<string, unknown>) =>
  t.app.inject({ method: 'PATCH', url: `/api/service/${id}`, headers: { cookie: admin.cookie }, payload: body });
const getProduct = async (id: string) => (await t.app.inject({ url: `/api/service/${id}` })).json() as Product;

async function createProduct(fields: Record<string, unknown> = {}): Promise<Product> {
  const sku = `TIER-${engine}-${++seq}`;
  const res = await post({
    sku,
    name: `Part ${seq}`,
    price: 0.18,
    minimumOrderQuantity: 50,
    availableQuantity: 100_000,
    img: 'https://example.com/part.png',
    priceTiers: TIERS,
    ...fields,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Product;
}

const purchase = (buyer: SignedInUser, productId: string, quantity: number) =>
  t.app.inject({ method: 'POST', url: '/api/purchase', headers: { cookie: buyer.cookie }, payload: { productId, quantity } });

describe(`product priceTiers and orderMultiple (${engine})`, () => {
  it('POST stores them and the product JSON answers them; without them: no tiers, multiple 1', async () => {
    const p = await createProduct({ orderMultiple: 25 });
    expect(p.priceTiers).toEqual(TIERS);
    expect(p.orderMultiple).toBe(25);
    expect(await getProduct(p._id)).toMatchObject({ price: 0.18, priceTiers: TIERS, orderMultiple: 25 });
    const plain = await createProduct({ priceTiers: undefined });
    expect(plain).toMatchObject({ priceTiers: [], orderMultiple: 1 });
  });

  it.each([
    ['unordered', [TIERS[1], TIERS[0]], 'priceTiers', 'Tier quantities must go up from one tier to the next'],
    ['not cheaper', [TIERS[0], { minQuantity: 500, price: 0.15 }], 'priceTiers', 'Each tier must be cheaper than the one before'],
    ['first tier at the price', [{ minQuantity: 200, price: 0.18 }], 'priceTiers', 'The first tier must be cheaper than the price'],
    ['first tier above the price', [{ minQuantity: 200, price: 0.2 }], 'priceTiers', 'The first tier must be cheaper than the price'],
  ])('POST with %s tiers → 400 naming priceTiers', async (_what, priceTiers, field, message) => {
    const res = await post({
      sku: `BAD-${engine}-${++seq}`,
      name: 'Bad',
      price: 0.18,
      minimumOrderQuantity: 50,
      availableQuantity: 10,
      img: 'https://example.com/p.png',
      priceTiers,
    });
    expect(res.statusCode).toBe(400);
    expect((res.json() as ApiError).fields?.[field]).toBe(message);
  });

  it('POST with a multiple that makes the smallest order more than 1000 → 400 naming orderMultiple; bad multiples → 400', async () => {
    const base = { name: 'Bad', price: 0.18, availableQuantity: 10, img: 'https://example.com/p.png' };
    const tooBig = await post({ ...base, sku: `BAD-${engine}-${++seq}`, minimumOrderQuantity: 900, orderMultiple: 600 });
    expect(tooBig.statusCode).toBe(400);
    expect((tooBig.json() as ApiError).fields?.orderMultiple).toBe('With a minimum of 900, a multiple of 600 makes the smallest order more than 1000 pieces');
    for (const orderMultiple of [0, 2.5, 1001, '25']) {
      const res = await post({ ...base, sku: `BAD-${engine}-${++seq}`, minimumOrderQuantity: 50, orderMultiple });
      expect(res.statusCode, String(orderMultiple)).toBe(400);
      expect(Object.keys((res.json() as ApiError).fields ?? {})).toEqual(['orderMultiple']);
    }
    // 1000 is the shop's line maximum: a multiple of 1000 with a minimum of 50 still has a smallest order of 1000.
    expect((await post({ ...base, sku: `OK-${engine}-${++seq}`, minimumOrderQuantity: 50, orderMultiple: 1000 })).statusCode).toBe(201);
  });

  it('PATCH checks the product as it will be stored, and changes nothing on a 400', async () => {
    const p = await createProduct({ orderMultiple: 300 });
    const refused: [Record<string, unknown>, string, string][] = [
      [{ price: 0.15 }, 'priceTiers', 'The first tier must be cheaper than the price'],
      [{ price: 0.1 }, 'priceTiers', 'The first tier must be cheaper than the price'],
      [{ priceTiers: [{ minQuantity: 100, price: 0.18 }] }, 'priceTiers', 'The first tier must be cheaper than the price'],
      [{ priceTiers: [{ minQuantity: 100, price: 0.19 }] }, 'priceTiers', 'The first tier must be cheaper than the price'],
      [{ priceTiers: [TIERS[1], TIERS[0]] }, 'priceTiers', 'Tier quantities must go up from one tier to the next'],
      [{ minimumOrderQuantity: 950 }, 'orderMultiple', 'With a minimum of 950, a multiple of 300 makes the smallest order more than 1000 pieces'],
      [
        { minimumOrderQuantity: 900, orderMultiple: 600 },
        'orderMultiple',
        'With a minimum of 900, a multiple of 600 makes the smallest order more than 1000 pieces',
      ],
    ];
    for (const [body, field, message] of refused) {
      const res = await patch(p._id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect((res.json() as ApiError).fields?.[field], JSON.stringify(body)).toBe(message);
    }
    expect(await getProduct(p._id)).toEqual({ ...p, documents: [] });

    // Raising the price with tiers that stay below it; replacing the tiers; clearing them.
    expect((await patch(p._id, { price: 0.2 })).json()).toMatchObject({ price: 0.2, priceTiers: TIERS });
    expect((await patch(p._id, { priceTiers: [{ minQuantity: 300, price: 0.19 }] })).json()).toMatchObject({ priceTiers: [{ minQuantity: 300, price: 0.19 }] });
    expect((await patch(p._id, { price: 0.18, priceTiers: TIERS, orderMultiple: 25 })).json()).toMatchObject({
      price: 0.18,
      priceTiers: TIERS,
      orderMultiple: 25,
    });
    expect((await patch(p._id, { name: 'Renamed' })).json()).toMatchObject({ name: 'Renamed', priceTiers: TIERS, orderMultiple: 25 });
    expect((await patch(p._id, { priceTiers: [], orderMultiple: 1, price: 0.05 })).json()).toMatchObject({ price: 0.05, priceTiers: [], orderMultiple: 1 });
  });
});

describe(`lines priced by tier on the whole line (${engine})`, () => {
  // Quantity → unit price and line total (dollars) for 200:$0.15 | 500:$0.12 on $0.18.
  const BOUNDARIES: [number, number, number][] = [
    [199, 0.18, 35.82],
    [200, 0.15, 30],
    [499, 0.15, 74.85],
    [500, 0.12, 60],
  ];

  it('POST /api/purchase at 199, 200, 499 and 500 pieces', async () => {
    const p = await createProduct();
    const buyer = await signUp(t.app);
    for (const [quantity, unit, total] of BOUNDARIES) {
      const res = await purchase(buyer, p._id, quantity);
      expect(res.statusCode, res.body).toBe(201);
      const order = res.json() as Order;
      expect([order.price, order.total], String(quantity)).toEqual([unit, total]);
      expect(order.lines).toEqual([expect.objectContaining({ unitPrice: unit, quantity, lineTotal: total })]);
    }
  });

  it('the cart at 199, 200, 499 and 500 pieces, with the tiers and the multiple on the line; checkout keeps those prices', async () => {
    const p = await createProduct({ orderMultiple: 1 });
    const q = await createProduct({ price: 0.29, priceTiers: [{ minQuantity: 300, price: 0.07 }] });
    const c = cartClient(t.app, await signUp(t.app));
    for (const [quantity, unit, total] of BOUNDARIES) {
      const cart = (await c.put(p._id, quantity)).json() as Cart;
      expect(cart.lines[0], String(quantity)).toMatchObject({
        unitPrice: unit,
        quantity,
        lineTotal: total,
        priceTiers: TIERS,
        orderMultiple: 1,
        problem: null,
      });
      expect(cart.subtotal).toBe(total);
    }
    // 199 × $0.29 = $57.71 exactly (integer cents, no float residue); 499 at $0.18 → $0.15.
    await c.put(p._id, 499);
    const cart = (await c.put(q._id, 199)).json() as Cart;
    expect(cart.lines.map((l) => [l.unitPrice, l.lineTotal])).toEqual([
      [0.15, 74.85],
      [0.29, 57.71],
    ]);
    expect(cart.subtotal).toBe(132.56);
    const res = await c.checkout();
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json() as Order;
    expect(order.lines.map((l) => [l.unitPrice, l.quantity, l.lineTotal])).toEqual([
      [0.15, 499, 74.85],
      [0.29, 199, 57.71],
    ]);
    expect(order.total).toBe(132.56);
  });

  it('a bulk add that sums to a tier is priced by the sum', async () => {
    const p = await createProduct();
    const c = cartClient(t.app, await signUp(t.app));
    const res = await c.add([
      { sku: p.sku, quantity: 150 },
      { sku: p.sku, quantity: 50 },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as Cart).lines[0]).toMatchObject({ quantity: 200, unitPrice: 0.15, lineTotal: 30 });
  });

  it("an order's lines keep the price they were sold at after the tiers change; a new order and a reorder take today's", async () => {
    const p = await createProduct();
    const buyer = await signUp(t.app);
    const sold = (await purchase(buyer, p._id, 200)).json() as Order;
    expect(sold).toMatchObject({ price: 0.15, total: 30 });
    expect((await patch(p._id, { priceTiers: [{ minQuantity: 200, price: 0.1 }] })).statusCode).toBe(200);
    const again = (await t.app.inject({ url: `/api/purchase/${sold._id}`, headers: { cookie: buyer.cookie } })).json() as Order;
    expect(again).toMatchObject({ price: 0.15, total: 30 });
    expect(again.lines[0]).toMatchObject({ unitPrice: 0.15, lineTotal: 30 });
    expect((await purchase(buyer, p._id, 200)).json()).toMatchObject({ price: 0.1, total: 20 });
    const reorder = await cartClient(t.app, buyer).reorder(sold._id);
    expect(reorder.statusCode).toBe(200);
    expect((reorder.json() as Cart).lines[0]).toMatchObject({ quantity: 200, unitPrice: 0.1, lineTotal: 20 });
  });
});

describe(`pack multiples (${engine})`, () => {
  const MESSAGE = 'Order in multiples of 25 Ps';

  it('POST /api/purchase off the multiple → 400 naming quantity; on it → 201; stock short and off it → still the 400', async () => {
    const p = await createProduct({ orderMultiple: 25, availableQuantity: 300 });
    const buyer = await signUp(t.app);
    for (const quantity of [260, 301, 499]) {
      const res = await purchase(buyer, p._id, quantity);
      expect(res.statusCode, String(quantity)).toBe(400);
      expect(res.json()).toMatchObject({ error: 'VALIDATION_FAILED', message: MESSAGE, fields: { quantity: MESSAGE } });
    }
    expect((await purchase(buyer, p._id, 325)).statusCode).toBe(409);
    expect((await purchase(buyer, p._id, 250)).statusCode).toBe(201);
  });

  it('PUT /api/cart/lines → 400 with the message; bulk add names each line off the multiple, even when they would sum onto one', async () => {
    const p = await createProduct({ orderMultiple: 25 });
    const c = cartClient(t.app, await signUp(t.app));
    const put = await c.put(p._id, 260);
    expect(put.statusCode).toBe(400);
    expect(put.json()).toMatchObject({ message: MESSAGE, fields: { quantity: MESSAGE } });
    expect((await c.put(p._id, 250)).statusCode).toBe(200);
    await c.clear();

    const one = await c.add([{ sku: p.sku, quantity: 260 }]);
    expect(one.statusCode).toBe(400);
    expect((one.json() as ApiError).lines).toEqual([{ index: 0, sku: p.sku, message: MESSAGE, field: 'quantity' }]);
    const summed = await c.add([
      { sku: p.sku, quantity: 130 },
      { sku: p.sku, quantity: 130 },
    ]);
    expect(summed.statusCode).toBe(400);
    // Issue 33: every line by the product's own rule first (the quick order grid marks each row).
    expect((summed.json() as ApiError).lines).toEqual([
      { index: 0, sku: p.sku, message: MESSAGE, field: 'quantity' },
      { index: 1, sku: p.sku, message: MESSAGE, field: 'quantity' },
    ]);
    expect((await c.cart()).lines).toEqual([]);
    const ok = await c.add([
      { sku: p.sku, quantity: 125 },
      { sku: p.sku, quantity: 125 },
    ]);
    expect(ok.statusCode).toBe(200);
    expect((ok.json() as Cart).lines[0]).toMatchObject({ quantity: 250, orderMultiple: 25, problem: null });
  });

  it('a cart line the multiple no longer fits shows the problem and checkout refuses it', async () => {
    const p = await createProduct();
    const c = cartClient(t.app, await signUp(t.app));
    expect((await c.put(p._id, 260)).statusCode).toBe(200);
    expect((await patch(p._id, { orderMultiple: 25 })).statusCode).toBe(200);
    expect((await c.cart()).lines[0]).toMatchObject({ quantity: 260, orderMultiple: 25, problem: MESSAGE });
    const res = await c.checkout();
    expect(res.statusCode).toBe(400);
    expect((res.json() as ApiError).lines).toEqual([{ productId: p._id, sku: p.sku, message: MESSAGE }]);
  });
});
