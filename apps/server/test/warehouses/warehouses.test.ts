import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError, Product, ProductStock, Warehouse } from '@bulkparts/shared';
import { insertProducts, stockOf } from '../helpers/cart.js';
import { SHIP_TO, signUp, signUpAdmin, type SignedInUser } from '../helpers/factories.js';
import { createTestApp, engine, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let admin: SignedInUser;
let buyer: SignedInUser;
let west: Warehouse;

const ADDRESS = { name: 'Bulkparts West', line1: '9 Dock Street', city: 'Oakland', postalCode: '94607', country: 'United States' };

beforeAll(async () => {
  t = await createTestApp();
  [admin, buyer] = await Promise.all([signUpAdmin(t.app), signUp(t.app)]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/warehouses',
    headers: { cookie: admin.cookie },
    payload: { code: 'west-1', name: 'West', address: ADDRESS },
  });
  expect(res.statusCode, res.body).toBe(201);
  west = res.json() as Warehouse;
});
afterAll(async () => t?.close());

const as = (u: SignedInUser) => ({ cookie: u.cookie });
const stockPage = async (id: string) => (await t.app.inject({ url: `/api/service/${id}/stock`, headers: as(admin) })).json() as ProductStock;
const setCount = (id: string, availableQuantity: number, warehouse?: string) =>
  t.app.inject({ method: 'PATCH', url: `/api/service/${id}/stock`, headers: as(admin), payload: { availableQuantity, ...(warehouse ? { warehouse } : {}) } });
const counts = (s: ProductStock) => Object.fromEntries(s.warehouses.map((w) => [w.warehouse, w.onHand]));

describe(`warehouses and stock per warehouse (${engine})`, () => {
  it('admins keep warehouses: codes upper-cased and unique, the default first, edits by id', async () => {
    expect(west).toMatchObject({ code: 'WEST-1', name: 'West', isDefault: false });
    const dup = await t.app.inject({
      method: 'POST',
      url: '/api/warehouses',
      headers: as(admin),
      payload: { code: 'WEST-1', name: 'Again', address: ADDRESS },
    });
    expect(dup.statusCode).toBe(409);
    expect((dup.json() as ApiError).fields?.code).toMatch(/Another warehouse/);
    const bad = await t.app.inject({ method: 'POST', url: '/api/warehouses', headers: as(admin), payload: { code: 'no spaces', name: '', address: {} } });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys((bad.json() as ApiError).fields ?? {})).toEqual(expect.arrayContaining(['code', 'name']));
    const list = (await t.app.inject({ url: '/api/warehouses', headers: as(admin) })).json() as Warehouse[];
    expect(list[0]).toMatchObject({ code: 'MAIN', isDefault: true });
    // The demo shop's second warehouse, then this test's.
    expect(list.map((w) => w.code)).toEqual(expect.arrayContaining(['EAST', 'WEST-1']));
    const renamed = await t.app.inject({ method: 'PATCH', url: `/api/warehouses/${west._id}`, headers: as(admin), payload: { name: 'West coast' } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((renamed.json() as Warehouse).name).toBe('West coast');
    expect((await t.app.inject({ url: '/api/warehouses', headers: as(buyer) })).statusCode).toBe(403);
  });

  it('a product’s availableQuantity is the sum of its warehouses’; what is sold counts from the default warehouse until it ships', async () => {
    const [p] = await insertProducts(t.database, 1, { stock: 300 });
    expect(counts(await stockPage(p!.id))).toMatchObject({ MAIN: 300, 'WEST-1': 0 });
    const set = await setCount(p!.id, 200, 'west-1');
    expect(set.statusCode, set.body).toBe(200);
    expect((set.json() as Product).availableQuantity).toBe(500);
    // An order takes pieces off what can be sold; they stay on the shelves, sold from MAIN, until they ship.
    const order = await t.app.inject({
      method: 'POST',
      url: '/api/purchase',
      headers: as(buyer),
      payload: { productId: p!.id, quantity: 100, shippingAddress: SHIP_TO },
    });
    expect(order.statusCode, order.body).toBe(201);
    const page = await stockPage(p!.id);
    expect(page).toMatchObject({ availableQuantity: 400, committedQuantity: 100 });
    expect(counts(page)).toMatchObject({ MAIN: 300, 'WEST-1': 200 });
    expect(page.warehouses.map((w) => w.availableQuantity)).toEqual(
      page.warehouses.map((w) => (w.warehouse === 'MAIN' ? 200 : w.warehouse === 'WEST-1' ? 200 : 0)),
    );
    expect(page.warehouses.reduce((n, w) => n + w.availableQuantity, 0)).toBe(page.availableQuantity);
    // The default warehouse without a name, as before warehouses: what it can still sell; the others kept.
    const main = await setCount(p!.id, 250);
    expect((main.json() as Product).availableQuantity).toBe(250 + 200);
    expect(counts(await stockPage(p!.id))).toMatchObject({ MAIN: 350, 'WEST-1': 200 });
    // Cancelled, the order's pieces are on sale again.
    await t.app.inject({ method: 'DELETE', url: `/api/purchase/${(order.json() as { _id: string })._id}`, headers: as(buyer) });
    expect(await stockPage(p!.id)).toMatchObject({ availableQuantity: 550, committedQuantity: 0 });
  });

  it('a count that leaves fewer pieces than are sold and not yet shipped is refused (409), nothing changes', async () => {
    const [p] = await insertProducts(t.database, 1, { stock: 100 });
    await setCount(p!.id, 100, 'WEST-1');
    const order = await t.app.inject({
      method: 'POST',
      url: '/api/purchase',
      headers: as(buyer),
      payload: { productId: p!.id, quantity: 150, shippingAddress: SHIP_TO },
    });
    expect(order.statusCode, order.body).toBe(201);
    // 150 sold of 200 on the shelves (100 on MAIN, 100 on WEST-1): counting WEST-1 at 0 leaves 50 sold twice.
    const res = await setCount(p!.id, 0, 'WEST-1');
    expect(res.statusCode).toBe(409);
    expect((res.json() as ApiError).message).toMatch(/50 fewer pieces than are sold/);
    expect(await stockOf(t.database, p!.id)).toBe(50);
    // The product form's figure is the default warehouse's too: it may not leave MAIN's shelves below 0.
    const [q] = await insertProducts(t.database, 1, { stock: 10 });
    await setCount(q!.id, 100, 'WEST-1');
    const form = await t.app.inject({ method: 'POST', url: `/api/service/${q!.id}/stock`, headers: as(admin), payload: { delta: -10 } });
    expect(form.statusCode).toBe(200);
    const more = await t.app.inject({ method: 'POST', url: `/api/service/${q!.id}/stock`, headers: as(admin), payload: { delta: -1 } });
    expect(more.statusCode).toBe(409);
    expect((more.json() as ApiError).message).toMatch(/default warehouse cannot go below 0/);
    expect(await stockOf(t.database, q!.id)).toBe(100);
  });

  it('POST /api/stock takes a warehouse per line: all or nothing, unknown warehouses named by line', async () => {
    const products = await insertProducts(t.database, 2, { stock: 10 });
    const items = [
      { sku: products[0]!.sku, availableQuantity: 40 },
      { sku: products[0]!.sku, warehouse: 'west-1', availableQuantity: 60 },
      { sku: products[1]!.sku, warehouse: 'EAST', availableQuantity: 5 },
    ];
    const res = await t.app.inject({ method: 'POST', url: '/api/stock', headers: as(admin), payload: { items } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ updated: 3 });
    expect(await stockOf(t.database, products[0]!.id)).toBe(100);
    expect(await stockOf(t.database, products[1]!.id)).toBe(15);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/stock',
      headers: as(admin),
      payload: { items: [{ sku: products[1]!.sku, warehouse: 'NOWHERE', availableQuantity: 1 }, ...items, items[1]] },
    });
    expect(bad.statusCode).toBe(400);
    expect((bad.json() as ApiError).lines?.map((l) => l.index)).toEqual([0, 4]);
    expect(await stockOf(t.database, products[1]!.id)).toBe(15);
  });

  it('an unknown warehouse or product is named; the stock page is for admins', async () => {
    const [p] = await insertProducts(t.database, 1, { stock: 10 });
    const res = await setCount(p!.id, 5, 'NOWHERE');
    expect(res.statusCode).toBe(400);
    expect((res.json() as ApiError).fields?.warehouse).toMatch(/No warehouse/);
    expect((await t.app.inject({ url: `/api/service/${p!.id}/stock`, headers: as(buyer) })).statusCode).toBe(403);
    expect((await t.app.inject({ url: `/api/service/aaaaaaaaaaaaaaaaaaaaaaaa/stock`, headers: as(admin) })).statusCode).toBe(404);
  });
});
