import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product, WebhookCreated } from '@bulkparts/shared';
import { signUp, signUpAdmin, type SignedInUser } from '../helpers/factories.js';
import { createTestApp, engine, type TestApp } from '../helpers/test-app.js';
import { startReceiver, waitFor } from './receiver.js';

/**
 * Issue 19: a product's own low-stock threshold (`lowStockThreshold`, null = the shop-wide
 * WEBHOOK_LOW_STOCK_THRESHOLD, 0 = never) decides when a stock take sends `product.low_stock`;
 * the event's `data.threshold` is the one that applied.
 */
let t: TestApp;
let admin: SignedInUser;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let endpoint: WebhookCreated;

/** A shop (shop-wide threshold `shopWide`) with an endpoint wanting `product.low_stock` at `url`. */
async function shop(shopWide: string, url: string) {
  const app = await createTestApp({ seed: false, env: { WEBHOOKS_ALLOW_PRIVATE: 'true', WEBHOOK_LOW_STOCK_THRESHOLD: shopWide } });
  const owner = await signUpAdmin(app.app);
  const res = await app.app.inject({
    method: 'POST',
    url: '/api/webhooks',
    headers: { cookie: owner.cookie },
    payload: { url, events: ['product.low_stock'] },
  });
  if (res.statusCode !== 201) throw new Error(`create webhook failed: ${res.statusCode} ${res.body}`);
  return { app, owner, endpoint: res.json() as WebhookCreated };
}

beforeAll(async () => {
  receiver = await startReceiver();
  ({ app: t, owner: admin, endpoint } = await shop('10', receiver.url));
});
afterAll(async () => {
  await t?.close();
  await receiver?.close();
});

let n = 0;
const base = () => ({
  sku: `LOW-${++n}`,
  name: `Low stock part ${n}`,
  price: 0.5,
  minimumOrderQuantity: 50,
  availableQuantity: 500,
  img: 'https://example.com/a.png',
});

function createProduct(app: TestApp, cookie: string, fields: Record<string, unknown>) {
  return app.app.inject({ method: 'POST', url: '/api/service', headers: { cookie }, payload: { ...base(), ...fields } });
}

async function product(app: TestApp, cookie: string, lowStockThreshold?: number | null): Promise<Product> {
  const res = await createProduct(app, cookie, lowStockThreshold === undefined ? {} : { lowStockThreshold });
  if (res.statusCode !== 201) throw new Error(`create product failed: ${res.statusCode} ${res.body}`);
  return res.json() as Product;
}

const setStock = (app: TestApp, cookie: string, id: string, availableQuantity: number) =>
  app.app.inject({ method: 'PATCH', url: `/api/service/${id}/stock`, headers: { cookie }, payload: { availableQuantity } });

/** The `data` of every `product.low_stock` recorded for `endpointId`, oldest first. */
async function lowEvents(app: TestApp, endpointId: string): Promise<Array<{ _id: string; sku: string; availableQuantity: number; threshold: number }>> {
  const rows = await app.database.db
    .selectFrom('webhook_deliveries')
    .select(['payload', 'event'])
    .where('endpoint_id', '=', endpointId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((r) => (JSON.parse(r.payload) as { data: { _id: string; sku: string; availableQuantity: number; threshold: number } }).data);
}

describe(`a product's own low-stock threshold (${engine})`, () => {
  it('is answered by the product API: null unless set, set and reset by an admin', async () => {
    const plain = await product(t, admin.cookie);
    expect(plain.lowStockThreshold).toBeNull();
    const own = await product(t, admin.cookie, 40);
    expect(own.lowStockThreshold).toBe(40);
    expect(((await t.app.inject({ url: `/api/service/${own._id}` })).json() as Product).lowStockThreshold).toBe(40);
    const listed = (await t.app.inject({ url: `/api/service?q=${own.sku}` })).json() as Product[];
    expect(listed.find((p) => p._id === own._id)?.lowStockThreshold).toBe(40);

    const patch = (id: string, payload: Record<string, unknown>, cookie = admin.cookie) =>
      t.app.inject({ method: 'PATCH', url: `/api/service/${id}`, headers: { cookie }, payload });
    expect((await patch(own._id, { lowStockThreshold: 0 })).json()).toMatchObject({ lowStockThreshold: 0 });
    expect((await patch(own._id, { lowStockThreshold: null })).json()).toMatchObject({ lowStockThreshold: null });
    // Other edits leave it alone.
    await patch(own._id, { lowStockThreshold: 15 });
    expect((await patch(own._id, { name: 'Renamed part' })).json()).toMatchObject({ name: 'Renamed part', lowStockThreshold: 15 });

    const buyer = await signUp(t.app);
    expect((await patch(own._id, { lowStockThreshold: 1 }, buyer.cookie)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'PATCH', url: `/api/service/${own._id}`, payload: { lowStockThreshold: 1 } })).statusCode).toBe(401);
    expect(((await t.app.inject({ url: `/api/service/${own._id}` })).json() as Product).lowStockThreshold).toBe(15);
  });

  it.each([
    [-1, 'Low-stock threshold cannot be negative (0 turns the alert off)'],
    [1.5, 'Low-stock threshold must be a whole number'],
    ['x', 'Low-stock threshold must be a number, or empty (null) for the shop-wide setting'],
    [100_000_001, 'Low-stock threshold is too large'],
  ])('refuses %j with a 400 naming lowStockThreshold, on create and on edit', async (value, message) => {
    const created = await createProduct(t, admin.cookie, { lowStockThreshold: value });
    expect(created.statusCode).toBe(400);
    expect(created.json().fields).toEqual({ lowStockThreshold: message });
    const existing = await product(t, admin.cookie, 7);
    const edited = await t.app.inject({
      method: 'PATCH',
      url: `/api/service/${existing._id}`,
      headers: { cookie: admin.cookie },
      payload: { lowStockThreshold: value },
    });
    expect(edited.statusCode).toBe(400);
    expect(edited.json().fields).toEqual({ lowStockThreshold: message });
    expect(((await t.app.inject({ url: `/api/service/${existing._id}` })).json() as Product).lowStockThreshold).toBe(7);
  });

  it('a stock take alerts below the product’s own threshold and not at or above it, whatever the shop-wide one says', async () => {
    const high = await product(t, admin.cookie, 50); // above the shop-wide 10
    const low = await product(t, admin.cookie, 5); // below it
    const before = (await lowEvents(t, endpoint._id)).length;
    for (const [p, quantity] of [
      [high, 50],
      [low, 5],
      [low, 8], // under the shop-wide 10, but the product's own 5 applies
    ] as const) {
      expect((await setStock(t, admin.cookie, p._id, quantity)).statusCode).toBe(200);
    }
    expect(await lowEvents(t, endpoint._id)).toHaveLength(before);

    expect((await setStock(t, admin.cookie, high._id, 30)).statusCode).toBe(200); // over the shop-wide 10, under its own 50
    expect((await setStock(t, admin.cookie, low._id, 4)).statusCode).toBe(200);
    const events = (await lowEvents(t, endpoint._id)).slice(before);
    expect(events).toEqual([
      { _id: high._id, sku: high.sku, name: high.name, availableQuantity: 30, threshold: 50 },
      { _id: low._id, sku: low.sku, name: low.name, availableQuantity: 4, threshold: 5 },
    ]);
    // The worker is woken after the commit: the receiver gets them.
    await waitFor(() => receiver.received.filter((r) => r.body.includes('product.low_stock')).length >= before + 2);
  });

  it('0 never alerts for the product; null follows the shop-wide threshold', async () => {
    const never = await product(t, admin.cookie, 0);
    const shopWide = await product(t, admin.cookie, null);
    const before = (await lowEvents(t, endpoint._id)).length;
    expect((await setStock(t, admin.cookie, never._id, 0)).statusCode).toBe(200);
    expect((await setStock(t, admin.cookie, shopWide._id, 10)).statusCode).toBe(200);
    expect(await lowEvents(t, endpoint._id)).toHaveLength(before);
    expect((await setStock(t, admin.cookie, shopWide._id, 9)).statusCode).toBe(200);
    expect((await lowEvents(t, endpoint._id)).slice(before)).toEqual([expect.objectContaining({ _id: shopWide._id, availableQuantity: 9, threshold: 10 })]);
  });

  it('POST /api/stock applies each product’s threshold in its one statement per 500 SKUs', async () => {
    const own = await product(t, admin.cookie, 100);
    const never = await product(t, admin.cookie, 0);
    const shopWide = await product(t, admin.cookie);
    const quiet = await product(t, admin.cookie, 3);
    const before = (await lowEvents(t, endpoint._id)).length;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/stock',
      headers: { cookie: admin.cookie },
      payload: {
        items: [
          { sku: own.sku, availableQuantity: 99 },
          { sku: never.sku, availableQuantity: 0 },
          { sku: shopWide.sku, availableQuantity: 2 },
          { sku: quiet.sku, availableQuantity: 3 },
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ updated: 4 });
    const events = (await lowEvents(t, endpoint._id)).slice(before);
    expect(events.map((e) => [e.sku, e.availableQuantity, e.threshold]).sort()).toEqual(
      [
        [own.sku, 99, 100],
        [shopWide.sku, 2, 10],
      ].sort(),
    );
  });
});

describe(`a product's own threshold with the shop-wide one off (${engine})`, () => {
  let off: Awaited<ReturnType<typeof shop>>;
  beforeAll(async () => {
    off = await shop('0', receiver.url);
  });
  afterAll(async () => off?.app.close());

  it('WEBHOOK_LOW_STOCK_THRESHOLD=0 silences products without their own; one with its own still alerts', async () => {
    const own = await product(off.app, off.owner.cookie, 20);
    const plain = await product(off.app, off.owner.cookie);
    expect((await setStock(off.app, off.owner.cookie, plain._id, 0)).statusCode).toBe(200);
    expect(await lowEvents(off.app, off.endpoint._id)).toEqual([]);
    expect((await setStock(off.app, off.owner.cookie, own._id, 19)).statusCode).toBe(200);
    expect(await lowEvents(off.app, off.endpoint._id)).toEqual([expect.objectContaining({ _id: own._id, availableQuantity: 19, threshold: 20 })]);
  });
});
