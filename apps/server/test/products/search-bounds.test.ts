import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '@bulkparts/shared';
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

  it('facets of a small match set are exact: no approximate marks', async () => {
    const res = await t.app.inject({ url: '/api/service/facets?q=qbx' });
    expect(res.statusCode).toBe(200);
    const body = res.json() as Record<string, unknown>;
    expect(body.total).toBe(3);
    expect(JSON.stringify(body)).not.toContain('approximate');
  });
});
