import { sql } from 'kysely';
import type { Product } from '@bulkparts/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignedInUser } from '../helpers/factories.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { csvOf, HEADER, importCsv, row } from './csv-helpers.js';
import { createCatalogue } from './search-catalogue.js';

/**
 * `product_facet_counts` (ADR 0016) is kept by triggers: after every kind of product write it
 * equals a live recount of the visible products, on both engines; a stock change leaves it alone.
 */
let t: TestApp;
let admin: SignedInUser;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
  admin = await createCatalogue(t);
});
afterAll(async () => t?.close());

type CountRow = { category: string; kind: string; name: string; value: string; n: number };
const key = (r: CountRow) => `${r.category}|${r.kind}|${r.name}|${r.value}`;
const norm = (rows: CountRow[]) => rows.map((r) => ({ ...r, n: Number(r.n) })).sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));

async function kept(withZeros = false): Promise<CountRow[]> {
  const { rows } = await sql<CountRow>`select category, kind, name, value, n from product_facet_counts ${withZeros ? sql`` : sql`where n <> 0`}`.execute(
    t.database.db,
  );
  return norm(rows);
}

async function recount(): Promise<CountRow[]> {
  const { rows } = await sql<CountRow>`
    select coalesce(category, '') as category, 'all' as kind, '' as name, '' as value, count(*) as n from products where archived = 0 group by coalesce(category, '')
    union all select coalesce(category, ''), 'brand', '', brand, count(*) from products where archived = 0 and brand <> '' group by coalesce(category, ''), brand
    union all select coalesce(p.category, ''), 'attr', a.name, a.value, count(*) from products p join product_attributes a on a.product_id = p.id
      where p.archived = 0 group by coalesce(p.category, ''), a.name, a.value`.execute(t.database.db);
  return norm(rows);
}

async function expectInStep(step: string) {
  const counts = await kept();
  expect(
    counts.filter((r) => r.n < 0),
    `${step}: no negative count`,
  ).toEqual([]);
  expect(counts, step).toEqual(await recount());
}

async function call(method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) {
  const res = await t.app.inject({ method, url, headers: { cookie: admin.cookie }, ...(payload ? { payload } : {}) });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json() as Product & { deleted?: boolean };
}

describe('product_facet_counts follows every product write', () => {
  let id = '';
  it('starts equal to the catalogue', async () => {
    expect((await kept()).length).toBeGreaterThan(0);
    await expectInStep('catalogue');
  });

  it('create', async () => {
    const p = await call('POST', '/api/service', {
      sku: 'FC-1',
      name: 'Facet Bolt',
      brand: 'Facetco',
      category: 'hex-bolts',
      attributes: { Thread: 'M12', Material: 'Brass' },
      price: 1,
      minimumOrderQuantity: 50,
      availableQuantity: 500,
      img: '/images/products/x.webp',
    });
    id = p._id;
    await expectInStep('create');
  });

  it('edit brand, category, specifications, and all at once', async () => {
    await call('PATCH', `/api/service/${id}`, { brand: 'Otherco' });
    await expectInStep('brand');
    await call('PATCH', `/api/service/${id}`, { category: 'nuts' });
    await expectInStep('category');
    await call('PATCH', `/api/service/${id}`, { attributes: { Thread: 'M12', Finish: 'Plain' } });
    await expectInStep('attributes');
    await call('PATCH', `/api/service/${id}`, { brand: '', category: null, attributes: { Thread: 'M6' } });
    await expectInStep('brand, category and attributes');
    await call('PATCH', `/api/service/${id}`, { name: 'Facet Bolt 2' });
    await expectInStep('name only');
  });

  it('archive and unarchive', async () => {
    await call('PATCH', `/api/service/${id}`, { archived: true });
    await expectInStep('archive');
    await call('PATCH', `/api/service/${id}`, { archived: true, brand: 'Hidden' });
    await expectInStep('edit while archived');
    await call('PATCH', `/api/service/${id}`, { archived: false });
    await expectInStep('unarchive');
  });

  it('a stock change does not touch the counts table', async () => {
    const before = await kept(true);
    await call('POST', `/api/service/${id}/stock`, { delta: 25 });
    expect(await kept(true)).toEqual(before);
  });

  it('delete', async () => {
    expect((await call('DELETE', `/api/service/${id}`)).deleted).toBe(true);
    await expectInStep('delete');
  });

  it('import: new rows and updates of existing ones', async () => {
    const header = [...HEADER, 'attr:Thread', 'attr:Length'];
    const first = await importCsv(
      t.app,
      admin.cookie,
      csvOf(header, [
        [...row({ sku: 'FCI-1', brand: 'Impco', category: 'nuts' }), 'M8', '40 mm'],
        [...row({ sku: 'FCI-2', brand: 'Impco', category: 'bearings' }), '', '25 mm'],
        [...row({ sku: 'FCI-3', brand: '', category: '' }), 'M4', ''],
      ]),
    );
    expect(first.body, first.raw).toMatchObject({ created: 3, errors: [] });
    await expectInStep('import create');
    const again = await importCsv(
      t.app,
      admin.cookie,
      csvOf(header, [
        [...row({ sku: 'FCI-1', brand: 'Otherco', category: 'bolts' }), 'M10', ''],
        [...row({ sku: 'FCI-2', brand: 'Impco', category: 'bearings' }), '', '25 mm'],
        [...row({ sku: 'HB-M8-40', brand: 'Acme', category: 'carriage-bolts', name: 'Hex Bolt M8x40' }), 'M8', '40 mm'],
      ]),
    );
    expect(again.body.errors, again.raw).toEqual([]);
    await expectInStep('import update');
  });

  it('the facets answer from the counts equals the live one', async () => {
    // Unfiltered and category-only facets read the counts; adding a price filter that keeps every
    // product forces the live aggregation: the two must agree.
    for (const state of ['', 'category=fasteners', 'category=bolts', 'category=nope']) {
      const fromCounts = (await t.app.inject({ url: `/api/service/facets?${state}` })).json() as Record<string, unknown>;
      const live = (await t.app.inject({ url: `/api/service/facets?${state}&minPrice=0` })).json() as Record<string, unknown>;
      expect({ ...fromCounts, price: null }, state).toEqual({ ...live, price: null });
    }
  });
});
