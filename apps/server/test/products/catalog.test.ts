import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BEST_SELLERS_COUNT, type Product } from '@bulkparts/shared';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('GET /api/service', () => {
  it('lists the seeded catalogue in a stable order with the spec field names', async () => {
    const res = await t.app.inject({ url: '/api/service?limit=100' });
    expect(res.statusCode).toBe(200);
    const products = res.json() as Product[];
    expect(products.length).toBeGreaterThanOrEqual(12);
    expect(res.headers['x-total-count']).toBe(String(products.length));
    const first = products[0]!;
    // The spec's fields, then the parts catalogue's (additive: old clients ignore them).
    const specFields = ['_id', 'archived', 'availableQuantity', 'description', 'img', 'minimumOrderQuantity', 'name', 'price'];
    expect(Object.keys(first).sort()).toEqual(
      [
        ...specFields,
        'sku',
        'brand',
        'category',
        'attributes',
        'images',
        'priceTiers',
        'orderMultiple',
        'lowStockThreshold',
        'backorder',
        'unspsc',
        'weightKg',
        'taxClass',
      ].sort(),
    );
    expect(first.name).toBe('Hex Bolt M8x40');
    expect(first.price).toBe(0.18);
    const again = (await t.app.inject({ url: '/api/service?limit=100' })).json() as Product[];
    expect(again.map((p) => p._id)).toEqual(products.map((p) => p._id));
  });

  it('answers the first six as best sellers with limit=6', async () => {
    const res = await t.app.inject({ url: `/api/service?limit=${BEST_SELLERS_COUNT}` });
    expect((res.json() as Product[]).length).toBe(BEST_SELLERS_COUNT);
  });

  it('searches the full text (name, SKU, brand, description, specifications), case-insensitively, and treats % literally', async () => {
    const res = await t.app.inject({ url: '/api/service?q=BEARING' });
    const found = res.json() as Product[];
    expect(found.filter((p) => p.name.toLowerCase().includes('bearing')).length).toBeGreaterThanOrEqual(2);
    const text = (p: Product) => [p.sku, p.name, p.brand, p.description, ...Object.values(p.attributes)].join(' ').toLowerCase();
    expect(found.every((p) => text(p).includes('bearing'))).toBe(true);
    const none = await t.app.inject({ url: '/api/service?q=%25' });
    expect(none.json()).toEqual([]);
  });

  it('pages without overlap', async () => {
    const p1 = (await t.app.inject({ url: '/api/service?page=1&limit=5' })).json() as Product[];
    const p2 = (await t.app.inject({ url: '/api/service?page=2&limit=5' })).json() as Product[];
    expect(p1).toHaveLength(5);
    expect(p2).toHaveLength(5);
    expect(p1.map((p) => p._id).filter((id) => p2.some((q) => q._id === id))).toEqual([]);
  });

  it('sorts by price', async () => {
    const asc = (await t.app.inject({ url: '/api/service?sort=price-asc&limit=100' })).json() as Product[];
    const prices = asc.map((p) => p.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });

  it.each([
    ['page=0', 'page'],
    ['limit=1000', 'limit'],
    ['limit=abc', 'limit'],
    ['sort=cheapest', 'sort'],
    [`q=${'x'.repeat(101)}`, 'q'],
  ])('refuses %s with a 400 naming the field', async (qs, field) => {
    const res = await t.app.inject({ url: `/api/service?${qs}` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'VALIDATION_FAILED', fields: { [field]: expect.any(String) } });
  });
});

describe('GET /api/service/:id', () => {
  it('answers one product', async () => {
    const [first] = (await t.app.inject({ url: '/api/service?limit=1' })).json() as Product[];
    const res = await t.app.inject({ url: `/api/service/${first!._id}` });
    expect(res.statusCode).toBe(200);
    // Issue 33: the product's own answer also lists the documents its caller may see.
    expect(res.json()).toEqual({ ...first, documents: [] });
  });

  it.each(['000000000000000000000000', 'not-an-id', "1' or '1'='1", 'x'.repeat(300)])('answers a JSON 404 for %s', async (id) => {
    const res = await t.app.inject({ url: `/api/service/${encodeURIComponent(id)}` });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 'NOT_FOUND' });
  });
});
