import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHIPPING_MESSAGES, isWorkingDay, type Order, type Product, type Quote, type ShippingMethodAnswer, type ShippingOption } from '@bulkparts/shared';
import { ADDRESS, cartClient, insertProducts, type TestProduct } from '../helpers/cart.js';
import { signUp, signUpAdmin, type SignedInUser } from '../helpers/factories.js';
import { createTestApp, engine, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let admin: SignedInUser;
/** light: 40 g at $1.00; dear: 40 g at $30.00; heavy: 20.1 kg at $1.02 (the shop's minimum line is 50 pieces). */
let light: TestProduct;
let dear: TestProduct;
let heavy: TestProduct;

const METHODS = [
  {
    code: 'parcel',
    name: 'Parcel',
    kind: 'parcel',
    countries: ['GB', 'DE'],
    rates: [
      { upToKg: 10, price: 12.95 },
      { upToKg: 2, price: 6.95 },
    ],
    freeOver: 500,
    transitDays: [1, 2],
  },
  { code: 'pallet', name: 'Pallet', kind: 'freight', countries: '*', rates: [{ upToKg: 1000, price: 149 }], transitDays: [2, 4] },
  { code: 'collect', name: 'Collect', kind: 'collect', countries: '*', rates: [{ upToKg: 1000, price: 0 }], transitDays: [1, 3] },
  {
    code: 'pickup',
    name: 'Pickup',
    kind: 'pickup',
    countries: ['GB'],
    rates: [{ upToKg: 1000, price: 0 }],
    transitDays: [0, 0],
    pickupAddress: 'Depot 1, Leeds',
  },
];
const US_ADDRESS = { ...ADDRESS, city: 'Newark', postalCode: '07105', country: 'United States' };
const DE_ADDRESS = { ...ADDRESS, city: 'Berlin', postalCode: '10115', country: 'DE' };

const put = (body: unknown, as = admin) =>
  t.app.inject({ method: 'PUT', url: '/api/shipping/methods', headers: { cookie: as.cookie }, payload: body as object });
const options = async (buyer: SignedInUser, country: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/cart/shipping-options?country=${encodeURIComponent(country)}`,
    headers: { cookie: buyer.cookie },
  });
  expect(res.statusCode).toBe(200);
  return res.json() as ShippingOption[];
};
const priced = (list: ShippingOption[]) => list.map((o) => [o.code, o.price]);
/** A buyer whose cart holds `quantity` of `product`. */
async function buyerWith(product: TestProduct, quantity: number): Promise<SignedInUser> {
  const buyer = await signUp(t.app);
  const res = await cartClient(t.app, buyer).add([{ sku: product.sku, quantity }]);
  expect(res.statusCode, res.body).toBe(200);
  return buyer;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpAdmin(t.app);
  [light, dear, heavy] = (await insertProducts(t.database, 3, { stock: 100_000 })) as [TestProduct, TestProduct, TestProduct];
  for (const [p, kg] of [
    [light, 0.04],
    [dear, 0.04],
    [heavy, 20.1],
  ] as const) {
    const res = await t.app.inject({ method: 'PATCH', url: `/api/service/${p.id}`, headers: { cookie: admin.cookie }, payload: { weightKg: kg } });
    expect(res.statusCode).toBe(200);
    expect((res.json() as Product).weightKg).toBe(kg);
  }
  await t.database.db.updateTable('products').set({ price_e4: 300_000 }).where('id', '=', dear.id).execute();
  dear.priceCents = 3000;
  expect((await put({ methods: METHODS })).statusCode).toBe(200);
});
afterAll(async () => t?.close());

describe(`shipping methods and options (issue 30, ${engine})`, () => {
  it('the demo shop has a parcel, a pallet freight, a collect and a pickup method; admins replace the set', async () => {
    const fresh = await createTestApp();
    try {
      const a = await signUpAdmin(fresh.app);
      const demo = (await fresh.app.inject({ method: 'GET', url: '/api/shipping/methods', headers: { cookie: a.cookie } })).json() as ShippingMethodAnswer[];
      expect(demo.map((m) => m.kind)).toEqual(['parcel', 'freight', 'collect', 'pickup']);
      expect(demo.find((m) => m.kind === 'pickup')!.pickupAddress).toBeTruthy();
      // The demo catalogue has weights, so the cart's weight summary has something to show.
      const list = (await fresh.app.inject({ method: 'GET', url: '/api/service?limit=5' })).json() as Product[];
      expect(list.filter((p) => !(typeof p.weightKg === 'number' && p.weightKg > 0)).map((p) => [p.sku, p.category, p.weightKg])).toEqual([]);
    } finally {
      await fresh.close();
    }
    const mine = (await t.app.inject({ method: 'GET', url: '/api/shipping/methods', headers: { cookie: admin.cookie } })).json() as ShippingMethodAnswer[];
    expect(mine.map((m) => m.code)).toEqual(['parcel', 'pallet', 'collect', 'pickup']);
    // Bands answered lightest first, prices and weights as written.
    expect(mine[0]).toEqual({
      ...METHODS[0],
      rates: [
        { upToKg: 2, price: 6.95 },
        { upToKg: 10, price: 12.95 },
      ],
      pickupAddress: null,
    });
  });

  it('refuses bad sets naming the field: a pickup without its address, a parcel without bands, two methods with one code, grams past 3 decimals', async () => {
    const bad = [
      { methods: [{ ...METHODS[3], pickupAddress: undefined }] },
      { methods: [{ ...METHODS[0], rates: [] }] },
      { methods: [METHODS[1], METHODS[1]] },
      { methods: [{ ...METHODS[1], rates: [{ upToKg: 1.0005, price: 1 }] }] },
      { methods: [{ ...METHODS[1], transitDays: [3, 1] }] },
    ];
    for (const body of bad) {
      const res = await put(body);
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().fields as object).join()).toMatch(/^methods\.0|^methods\.1/);
    }
    const customer = await signUp(t.app);
    expect((await put({ methods: METHODS }, customer)).statusCode).toBe(403);
    const weight = await t.app.inject({ method: 'PATCH', url: `/api/service/${light.id}`, headers: { cookie: admin.cookie }, payload: { weightKg: 0.0001 } });
    expect(weight.statusCode).toBe(400);
    expect(weight.json().fields).toHaveProperty('weightKg');
  });

  it('prices the cart by its weight band, at the boundaries: 2.000 kg is the 2 kg band, 2.04 kg the 10 kg one', async () => {
    const at2 = await options(await buyerWith(light, 50), 'GB');
    expect(priced(at2)).toEqual([
      ['collect', 0],
      ['pickup', 0],
      ['parcel', 6.95],
      ['pallet', 149],
    ]);
    for (const o of at2) {
      expect(isWorkingDay(o.estimatedDelivery!.from) && isWorkingDay(o.estimatedDelivery!.to)).toBe(true);
      expect(o.estimatedDelivery!.from <= o.estimatedDelivery!.to).toBe(true);
    }
    expect(at2.find((o) => o.code === 'pickup')).toMatchObject({ pickupAddress: 'Depot 1, Leeds' });
    expect(priced(await options(await buyerWith(light, 51), 'United Kingdom'))).toContainEqual(['parcel', 12.95]);
    // The purchase page's one line instead of the cart: a product and its quantity.
    const empty = await signUp(t.app);
    const one = await t.app.inject({
      method: 'GET',
      url: `/api/cart/shipping-options?country=GB&productId=${light.id}&quantity=51`,
      headers: { cookie: empty.cookie },
    });
    expect(priced(one.json() as ShippingOption[])).toContainEqual(['parcel', 12.95]);
    const half = await t.app.inject({ method: 'GET', url: `/api/cart/shipping-options?country=GB&quantity=51`, headers: { cookie: empty.cookie } });
    expect(half.statusCode).toBe(400);
    expect(half.json().fields).toHaveProperty('productId');
    // Outside the parcel's and the pickup's countries: collect and the pallet.
    expect(priced(await options(await buyerWith(light, 51), 'US'))).toEqual([
      ['collect', 0],
      ['pallet', 149],
    ]);
  });

  it('ships free over the method’s value: $1,500 of goods by parcel costs nothing', async () => {
    const list = await options(await buyerWith(dear, 50), 'DE');
    expect(priced(list)).toEqual([
      ['collect', 0],
      ['parcel', 0],
      ['pallet', 149],
    ]);
  });

  it('checkout charges the chosen method: the order stores it, its estimated delivery, and total = goods + shipping', async () => {
    const buyer = await buyerWith(light, 50);
    const res = await cartClient(t.app, buyer).checkout({ shippingAddress: ADDRESS, shippingMethod: 'parcel' });
    expect(res.statusCode).toBe(201);
    const order = res.json() as Order;
    expect(order.shipping).toMatchObject({ code: 'parcel', name: 'Parcel', kind: 'parcel', price: 6.95, carrierAccount: null, pickupAddress: null });
    expect(order.shipping!.estimatedDelivery).toEqual(expect.objectContaining({ from: expect.any(String), to: expect.any(String) }));
    expect(order.total).toBe(56.95);
    const read = (await t.app.inject({ method: 'GET', url: `/api/purchase/${order._id}`, headers: { cookie: buyer.cookie } })).json() as Order;
    expect(read.shipping).toEqual(order.shipping);
    expect(read.total).toBe(56.95);
  });

  it('collect needs the buyer’s carrier account, charges nothing and records it', async () => {
    const buyer = await buyerWith(light, 60);
    const c = cartClient(t.app, buyer);
    const missing = await c.checkout({ shippingAddress: ADDRESS, shippingMethod: 'collect' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toEqual({ carrierAccount: SHIPPING_MESSAGES.carrierAccountRequired });
    const res = await c.checkout({ shippingAddress: ADDRESS, shippingMethod: 'collect', carrierAccount: 'DHL 998877' });
    expect(res.statusCode).toBe(201);
    const order = res.json() as Order;
    expect(order.shipping).toMatchObject({ code: 'collect', kind: 'collect', price: 0, carrierAccount: 'DHL 998877' });
    expect(order.total).toBe(60);
  });

  it('pickup charges nothing and names the pickup address; ready on the dispatch day', async () => {
    const res = await cartClient(t.app, await buyerWith(light, 50)).checkout({ shippingAddress: ADDRESS, shippingMethod: 'PICKUP' });
    expect(res.statusCode).toBe(201);
    const order = res.json() as Order;
    expect(order.shipping).toMatchObject({ code: 'pickup', kind: 'pickup', price: 0, pickupAddress: 'Depot 1, Leeds' });
    expect(order.shipping!.estimatedDelivery!.from).toBe(order.shipping!.estimatedDelivery!.to);
    expect(order.total).toBe(50);
  });

  it('dates dispatch on the seller record’s clock: an admin’s new time zone moves the day (cut-off 14:00)', async () => {
    // Wednesday 2 Dec 2026, 10:00 UTC: before the cut-off in UTC (leaves today), 19:00 in Tokyo (leaves Thursday).
    const now = '2026-12-02T10:00:00.000Z';
    const parcel = async () =>
      (await t.app.services.shippingMethods.options({ grams: 1000, valueCents: 10_000, country: 'DE' }, undefined, now)).find(
        (o) => o.quote.method.code === 'parcel',
      )!.estimate;
    expect(await parcel()).toEqual({ from: '2026-12-03', to: '2026-12-04' });
    const seller = (await t.app.inject({ url: '/api/settings/seller', headers: { cookie: admin.cookie } })).json() as Record<string, unknown>;
    const { updatedAt: _, ...record } = seller;
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/settings/seller',
      headers: { cookie: admin.cookie },
      payload: { ...record, timeZone: 'Asia/Tokyo' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await parcel()).toEqual({ from: '2026-12-04', to: '2026-12-07' });
  });

  it('refuses an unknown method and one that does not fit, naming shippingMethod; nothing is ordered', async () => {
    const buyer = await buyerWith(light, 50);
    const c = cartClient(t.app, buyer);
    const unknown = await c.checkout({ shippingAddress: ADDRESS, shippingMethod: 'teleport' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields).toEqual({ shippingMethod: SHIPPING_MESSAGES.unknownMethod });
    const abroad = await c.checkout({ shippingAddress: US_ADDRESS, shippingMethod: 'pickup' });
    expect(abroad.statusCode).toBe(400);
    expect(abroad.json().fields).toEqual({ shippingMethod: SHIPPING_MESSAGES.methodDoesNotFit });
    expect((await c.cart()).lines).toHaveLength(1);
  });

  it('POST /api/purchase without a method takes the cheapest offered (never collect)', async () => {
    const buyer = await signUp(t.app);
    const buy = (shippingAddress: object, quantity: number) =>
      t.app.inject({ method: 'POST', url: '/api/purchase', headers: { cookie: buyer.cookie }, payload: { productId: light.id, quantity, shippingAddress } });
    const de = (await buy(DE_ADDRESS, 60)).json() as Order;
    expect(de.shipping).toMatchObject({ code: 'parcel', price: 12.95 });
    expect(de.total).toBe(72.95);
    const us = (await buy(US_ADDRESS, 50)).json() as Order;
    expect(us.shipping).toMatchObject({ code: 'pallet', price: 149 });
    expect(us.total).toBe(199);
    // A method asked for is charged as at checkout.
    const chosen = await t.app.inject({
      method: 'POST',
      url: '/api/purchase',
      headers: { cookie: buyer.cookie },
      payload: { productId: light.id, quantity: 50, shippingAddress: DE_ADDRESS, shippingMethod: 'pallet' },
    });
    expect(chosen.statusCode).toBe(201);
    expect((chosen.json() as Order).shipping).toMatchObject({ code: 'pallet', price: 149 });
  });

  it('no method fits 1,005 kg: no options, the chosen pallet is refused, and a freight quote’s shipping price is what the order charges', async () => {
    const buyer = await buyerWith(heavy, 50);
    expect(await options(buyer, 'GB')).toEqual([]);
    const refused = await cartClient(t.app, buyer).checkout({ shippingAddress: ADDRESS, shippingMethod: 'pallet' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toEqual({ shippingMethod: SHIPPING_MESSAGES.methodDoesNotFit });
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/quotes',
      headers: { cookie: buyer.cookie },
      payload: { lines: [{ productId: heavy.id, quantity: 50 }], note: 'Freight quote for delivery to Leeds LS1 4AB, United Kingdom' },
    });
    expect(asked.statusCode).toBe(201);
    const quote = asked.json() as Quote;
    const answered = await t.app.inject({
      method: 'PATCH',
      url: `/api/quotes/${quote._id}`,
      headers: { cookie: admin.cookie },
      payload: { lines: [{ productId: heavy.id, unitPrice: 1 }], validUntil: new Date(Date.now() + 30 * 86_400_000).toISOString(), shipping: 420.5 },
    });
    expect(answered.statusCode, answered.body).toBe(200);
    expect((answered.json() as Quote).shipping).toBe(420.5);
    const accepted = await t.app.inject({
      method: 'POST',
      url: `/api/quotes/${quote._id}/accept`,
      headers: { cookie: buyer.cookie },
      payload: { shippingAddress: ADDRESS },
    });
    expect(accepted.statusCode).toBe(201);
    const order = (accepted.json() as { order: Order }).order;
    expect(order.shipping).toMatchObject({ kind: 'freight', price: 420.5, estimatedDelivery: null });
    expect(order.total).toBe(470.5);
  });
});
