import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STOCK_BULK_MAX, type Product } from '@bulkparts/shared';
import { newId } from '../../src/lib/ids.js';
import { insertProducts, stockOf } from '../helpers/cart.js';
import { signUp, signUpAdmin, type SignedInUser } from '../helpers/factories.js';
import { createTestApp, engine, type TestApp } from '../helpers/test-app.js';
import { bearer, createKey } from './helpers.js';

let t: TestApp;
let admin: SignedInUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpAdmin(t.app);
});
afterAll(async () => t?.close());

describe(`stock from outside: PATCH /api/service/:id/stock, POST /api/stock (${engine})`, () => {
  it('sets one product’s stock (an admin, or a key with stock:write) and the catalogue shows it at once', async () => {
    const [p] = await insertProducts(t.database, 1, { stock: 10 });
    // Cache the product's answer first: the write must clear it.
    expect(((await t.app.inject({ url: `/api/service/${p!.id}` })).json() as Product).availableQuantity).toBe(10);
    const byAdmin = await t.app.inject({
      method: 'PATCH',
      url: `/api/service/${p!.id}/stock`,
      headers: { cookie: admin.cookie },
      payload: { availableQuantity: 25 },
    });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect((byAdmin.json() as Product).availableQuantity).toBe(25);
    const key = await createKey(t.app, admin, ['stock:write']);
    const byKey = await t.app.inject({ method: 'PATCH', url: `/api/service/${p!.id}/stock`, headers: bearer(key), payload: { availableQuantity: 0 } });
    expect(byKey.statusCode, byKey.body).toBe(200);
    expect(((await t.app.inject({ url: `/api/service/${p!.id}` })).json() as Product).availableQuantity).toBe(0);
    expect(await stockOf(t.database, p!.id)).toBe(0);
  });

  it('refuses a negative or fractional quantity by field, an unknown product with 404, a customer with 403', async () => {
    const [p] = await insertProducts(t.database, 1, { stock: 10 });
    for (const availableQuantity of [-1, 1.5, '7', null]) {
      const res = await t.app.inject({
        method: 'PATCH',
        url: `/api/service/${p!.id}/stock`,
        headers: { cookie: admin.cookie },
        payload: { availableQuantity },
      });
      expect(res.statusCode, String(availableQuantity)).toBe(400);
      expect(res.json()).toMatchObject({ fields: { availableQuantity: expect.any(String) } });
    }
    const missing = await t.app.inject({
      method: 'PATCH',
      url: `/api/service/${newId()}/stock`,
      headers: { cookie: admin.cookie },
      payload: { availableQuantity: 1 },
    });
    expect(missing.statusCode).toBe(404);
    const customer = await signUp(t.app);
    const refused = await t.app.inject({
      method: 'PATCH',
      url: `/api/service/${p!.id}/stock`,
      headers: { cookie: customer.cookie },
      payload: { availableQuantity: 1 },
    });
    expect(refused.statusCode).toBe(403);
    expect(await stockOf(t.database, p!.id)).toBe(10);
  });

  it('bulk: sets every SKU in one go (SKUs matched case-insensitively)', async () => {
    const products = await insertProducts(t.database, 3, { stock: 10 });
    const key = await createKey(t.app, admin, ['stock:write']);
    const items = products.map((p, i) => ({ sku: i === 0 ? p.sku.toLowerCase() : p.sku, availableQuantity: 100 + i }));
    const res = await t.app.inject({ method: 'POST', url: '/api/stock', headers: bearer(key), payload: { items } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ updated: 3 });
    for (const [i, p] of products.entries()) expect(await stockOf(t.database, p.id)).toBe(100 + i);
  });

  it('bulk is all or nothing: every bad line is named by its index, and nothing changes', async () => {
    const products = await insertProducts(t.database, 3, { stock: 10 });
    const items = [
      { sku: products[0]!.sku, availableQuantity: 5 },
      { sku: 'NO-SUCH-SKU-X', availableQuantity: 5 },
      { sku: products[1]!.sku, availableQuantity: -3 },
      { sku: products[2]!.sku, availableQuantity: 7 },
      { sku: products[0]!.sku, availableQuantity: 9 },
      { sku: '', availableQuantity: 1 },
    ];
    const res = await t.app.inject({ method: 'POST', url: '/api/stock', headers: { cookie: admin.cookie }, payload: { items } });
    expect(res.statusCode).toBe(400);
    const body = res.json() as { error: string; lines: Array<{ index: number; sku: string; message: string }> };
    expect(body.error).toBe('VALIDATION_FAILED');
    expect(body.lines.map((l) => l.index)).toEqual([1, 2, 4, 5]);
    expect(body.lines[0]).toMatchObject({ sku: 'NO-SUCH-SKU-X', message: 'No product has this SKU' });
    for (const p of products) expect(await stockOf(t.database, p.id)).toBe(10);
  });

  it(`bulk takes ${STOCK_BULK_MAX} items in one transaction, and refuses one more`, async () => {
    const products = await insertProducts(t.database, STOCK_BULK_MAX, { stock: 1 });
    const items = products.map((p, i) => ({ sku: p.sku, availableQuantity: i }));
    const res = await t.app.inject({ method: 'POST', url: '/api/stock', headers: { cookie: admin.cookie }, payload: { items } });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.json()).toEqual({ updated: STOCK_BULK_MAX });
    expect(await stockOf(t.database, products[STOCK_BULK_MAX - 1]!.id)).toBe(STOCK_BULK_MAX - 1);
    const tooMany = await t.app.inject({ method: 'POST', url: '/api/stock', headers: { cookie: admin.cookie }, payload: { items: [...items, items[0]] } });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({ fields: { items: expect.stringContaining(String(STOCK_BULK_MAX)) } });
  }, 60_000);
});
