import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '@bulkparts/shared';
import { MATCH_SCAN_MAX } from '../../src/modules/products/catalogue-search.repository.js';
import { insertProducts } from '../helpers/cart.js';
import { createTestApp, engine, type TestApp } from '../helpers/test-app.js';

/** Issue 28: bounded work per query (ADR 0023), on a small catalogue. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
  // "Test part QBX 0" … "Test part QBX 2".
  await insertProducts(t.database, 3, { prefix: 'QBX' });
});
afterAll(async () => t?.close());

async function total(q: string): Promise<number> {
  const res = await t.app.inject({ url: `/api/service?q=${encodeURIComponent(q)}` });
  expect(res.statusCode, res.body).toBe(200);
  expect(Array.isArray(res.json() as Product[])).toBe(true);
  return Number(res.headers['x-total-count']);
}

describe(`search bounds (${engine})`, () => {
  it('a prefix needs at least 2 characters: one character matches only that whole word', async () => {
    expect(await total('qb')).toBe(3);
    expect(await total('qbx')).toBe(3);
    expect(await total('q')).toBe(0);
    expect(await total('part q')).toBe(0);
    // A one-character word that is a whole word still matches ("… QBX 1").
    expect(await total('qbx 1')).toBe(1);
  });

  it('an exact SKU that the words match too is listed once, first', async () => {
    const res = await t.app.inject({ url: '/api/service?q=qbx-1' });
    expect((res.json() as Product[]).map((p) => p.sku)).toEqual(['QBX-1']);
    expect(res.headers['x-total-count']).toBe('1');
  });

  it('facets of a small match set are exact: no approximate marks', async () => {
    const res = await t.app.inject({ url: '/api/service/facets?q=qbx' });
    expect(res.statusCode).toBe(200);
    const body = res.json() as Record<string, unknown>;
    expect(body.total).toBe(3);
    expect(JSON.stringify(body)).not.toContain('approximate');
  });

  it('more matches than the scan bound: totals stop at the bound and say so, also when the filters leave none of the scanned matches', async () => {
    await insertProducts(t.database, MATCH_SCAN_MAX + 10, { prefix: 'QBM' });
    // The last one written has the SKU the text is: it comes first, wherever the scan would find it.
    await t.database.db
      .updateTable('products')
      .set({ sku: 'QBM' })
      .where('sku', '=', `QBM-${MATCH_SCAN_MAX + 9}`)
      .execute();
    const first = await t.app.inject({ url: '/api/service?q=qbm' });
    expect((first.json() as Product[])[0]?.sku).toBe('QBM');
    expect(first.headers['x-total-count']).toBe(String(MATCH_SCAN_MAX));
    expect(await total('part qbm')).toBe(MATCH_SCAN_MAX);
    const facets = async (qs: string) => {
      const res = await t.app.inject({ url: `/api/service/facets?${qs}` });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { total: number; approximate?: boolean; brands: { value: string; count: number; approximate?: boolean }[] };
    };
    expect(await facets('q=qbm')).toMatchObject({ total: MATCH_SCAN_MAX, approximate: true, brands: [{ value: 'Test', approximate: true }] });
    // No scanned match has the brand: nothing counted, and the answer still says the count is a lower bound.
    expect(await facets('q=qbm&brand=Nobody')).toMatchObject({ total: 0, approximate: true });
    const none = await t.app.inject({ url: '/api/service?q=qbm&brand=Nobody' });
    expect([none.statusCode, none.json(), none.headers['x-total-count']]).toEqual([200, [], '0']);
  });
});
