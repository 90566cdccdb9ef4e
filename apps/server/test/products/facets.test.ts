import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { naturalCompare, productListQuerySchema, type Product, type ProductFacets } from '@bulkparts/shared';
import type { SignedInUser } from '../helpers/factories.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { catalogueCacheKey } from '../../src/plugins/response-cache.js';
import { CATEGORIES, createCatalogue } from './search-catalogue.js';

/**
 * GET /api/service/facets: every count equals the X-Total-Count of the list with that value
 * chosen, each facet counted with its own selection left out, on both engines.
 */
let t: TestApp;
let admin: SignedInUser;
beforeAll(async () => {
  t = await createTestApp({ seed: false, env: { CATALOGUE_READER_THREADS: '1' } });
  admin = await createCatalogue(t);
});
afterAll(async () => t.close());

async function get(path: string, params: URLSearchParams, cookie?: string) {
  const res = await t.app.inject({ url: `${path}?${params.toString()}`, headers: cookie ? { cookie } : {} });
  expect(res.statusCode, res.body).toBe(200);
  return res;
}
async function facets(params: URLSearchParams, cookie?: string): Promise<ProductFacets> {
  return (await get('/api/service/facets', params, cookie)).json() as ProductFacets;
}
async function list(params: URLSearchParams, cookie?: string): Promise<{ products: Product[]; total: number }> {
  const withLimit = new URLSearchParams(params);
  withLimit.set('limit', '100');
  const res = await get('/api/service', withLimit, cookie);
  return { products: res.json() as Product[], total: Number(res.headers['x-total-count']) };
}
/** `params` with `key` replaced by `value` (or removed). */
function choose(params: URLSearchParams, key: string, value?: string): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete(key);
  if (key === 'price') ['minPrice', 'maxPrice'].forEach((k) => next.delete(k));
  if (value !== undefined) next.set(key, value);
  return next;
}
const sorted = <T extends { count: number }>(values: T[], key: (v: T) => string) =>
  [...values].sort((a, b) => b.count - a.count || (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
/** Issue 33: brand and specification values in natural order (M8 before M10). */
const natural = <T extends { value: string }>(values: T[]) => [...values].sort((a, b) => naturalCompare(a.value, b.value));

const STATES = [
  '',
  'q=hex',
  'q=m8',
  'category=bolts',
  'category=fasteners&inStock=true',
  'brand=Acme',
  'brand=Acme&brand=Skf',
  'attr.Thread=M8',
  'attr.Thread=M8&attr.Material=Steel',
  'brand=Acme&category=fasteners&attr.Material=Steel&maxPrice=1',
  'minPrice=0.1&maxPrice=3',
  'q=bolt&attr.Thread=M8&attr.Thread=M10&brand=Acme&brand=Bolty',
  'q=---',
];

describe('GET /api/service/facets', () => {
  it.each(
    STATES.map((s) => [s || '(no filter)', s, undefined] as const).concat([['admin, archived too', 'includeArchived=1&category=bolts', 'admin'] as never]),
  )('%s: every count is the list total with that value chosen', async (_label, state, who) => {
    const cookie = who ? admin.cookie : undefined;
    const params = new URLSearchParams(state);
    const f = await facets(params, cookie);
    expect(f.total).toBe((await list(params, cookie)).total);

    for (const c of f.categories) expect(c.count, `category ${c.slug}`).toBe((await list(choose(params, 'category', c.slug), cookie)).total);
    for (const b of f.brands) expect(b.count, `brand ${b.value}`).toBe((await list(choose(params, 'brand', b.value), cookie)).total);
    for (const [name, values] of Object.entries(f.attributes)) {
      for (const v of values) expect(v.count, `${name}=${v.value}`).toBe((await list(choose(params, `attr.${name}`, v.value), cookie)).total);
      expect(values).toEqual(natural(values));
    }
    expect(f.brands).toEqual(natural(f.brands));
    expect(f.categories).toEqual(sorted(f.categories, (c) => c.slug));

    // Nothing missing: the values are exactly those of the list without the facet's own selection.
    const noBrand = (await list(choose(params, 'brand'), cookie)).products;
    const brandCounts = new Map<string, number>();
    for (const p of noBrand) if (p.brand) brandCounts.set(p.brand, (brandCounts.get(p.brand) ?? 0) + 1);
    expect(new Map(f.brands.map((b) => [b.value, b.count]))).toEqual(brandCounts);

    const noCategory = (await list(choose(params, 'category'), cookie)).products;
    const categoryCounts = new Map<string, number>();
    for (const c of CATEGORIES) {
      const n = noCategory.filter((p) => p.category !== null && isUnder(p.category, c.slug)).length;
      if (n) categoryCounts.set(c.slug, n);
    }
    expect(new Map(f.categories.map((c) => [c.slug, c.count]))).toEqual(categoryCounts);

    const names = new Set(noBrand.flatMap((p) => Object.keys(p.attributes)));
    for (const name of names) {
      const without = (await list(choose(params, `attr.${name}`), cookie)).products;
      const counts = new Map<string, number>();
      for (const p of without) if (p.attributes[name]) counts.set(p.attributes[name], (counts.get(p.attributes[name]) ?? 0) + 1);
      expect(new Map((f.attributes[name] ?? []).map((v) => [v.value, v.count])), name).toEqual(counts);
    }

    const noPrice = (await list(choose(params, 'price'), cookie)).products.map((p) => p.price);
    expect(f.price).toEqual(noPrice.length ? { min: Math.min(...noPrice), max: Math.max(...noPrice) } : { min: null, max: null });
  });

  it('rolls category counts up the tree and leaves the chosen category out of its own counts', async () => {
    const f = await facets(new URLSearchParams('category=hex-bolts'));
    expect(f.total).toBe(2);
    expect(f.categories).toEqual([
      { slug: 'fasteners', count: 5 },
      { slug: 'bolts', count: 3 },
      { slug: 'bearings', count: 2 },
      { slug: 'hex-bolts', count: 2 },
      { slug: 'carriage-bolts', count: 1 },
      { slug: 'nuts', count: 1 },
    ]);
    expect(f.brands).toEqual([{ value: 'Acme', count: 2 }]);
    expect(f.attributes.Thread).toEqual([
      { value: 'M8', count: 1 },
      { value: 'M10', count: 1 },
    ]);
  });

  it('counts the other values of a chosen specification and brand', async () => {
    const f = await facets(new URLSearchParams('attr.Thread=M10&brand=Skf'));
    expect(f.total).toBe(0);
    expect(f.price).toEqual({ min: null, max: null });
    expect(f.attributes.Thread ?? []).toEqual([]);
    expect(f.brands).toEqual([{ value: 'Acme', count: 1 }]);
    const g = await facets(new URLSearchParams('attr.Thread=M10'));
    expect(g.attributes.Thread).toEqual([
      { value: 'M8', count: 5 },
      { value: 'M10', count: 1 },
    ]);
    expect(g.attributes.Material).toEqual([{ value: 'Stainless', count: 1 }]);
  });

  it('lists specification values in natural order, whatever their counts (issue 33)', async () => {
    // Sizes the count order would list M10, M8, M12 and 100 mm before 10 mm.
    const sizes = [
      ['M10', '100 mm'],
      ['M10', '100 mm'],
      ['M10', '10 mm'],
      ['M8', '2.5 mm'],
      ['M8', '100 mm'],
      ['M12', '25 mm'],
      ['M4', '10 mm'],
      ['M5', '25 mm'],
      ['M6', '1000 mm'],
    ];
    for (const [i, [size, length]] of sizes.entries()) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/service',
        headers: { cookie: admin.cookie },
        payload: {
          sku: `NAT-${i}`,
          name: `Natural ${i}`,
          brand: i % 2 ? 'Zeta 10' : 'Zeta 9',
          attributes: { Size: size, Length: length },
          price: 1,
          minimumOrderQuantity: 50,
          availableQuantity: 100,
          img: '/images/products/hex-bolt.svg',
        },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const f = await facets(new URLSearchParams('q=natural'));
    expect(f.attributes.Size?.map((v) => v.value)).toEqual(['M4', 'M5', 'M6', 'M8', 'M10', 'M12']);
    expect(f.attributes.Length?.map((v) => v.value)).toEqual(['2.5 mm', '10 mm', '25 mm', '100 mm', '1000 mm']);
    expect(f.brands.map((b) => b.value)).toEqual(['Zeta 9', 'Zeta 10']);
    for (const [i] of sizes.entries()) {
      const id = ((await t.app.inject({ url: `/api/service?q=NAT-${i}` })).json() as Product[])[0]!._id;
      await t.app.inject({ method: 'DELETE', url: `/api/service/${id}`, headers: { cookie: admin.cookie } });
    }
  });

  it('answers from the catalogue cache like the list, and not for archived listings', async () => {
    const first = await t.app.inject({ url: '/api/service/facets?brand=Acme' });
    const key = (url: string, query: Record<string, string>) => catalogueCacheKey(url, query, productListQuerySchema)!;
    expect(t.app.services.catalogueCache.get(key('/api/service/facets', { brand: 'Acme' }))?.payload.toString()).toBe(first.body);
    await t.app.inject({ url: '/api/service/facets?includeArchived=1', headers: { cookie: admin.cookie } });
    expect(t.app.services.catalogueCache.get(key('/api/service/facets', { includeArchived: '1' }))).toBeUndefined();
  });
});

function isUnder(slug: string, ancestor: string): boolean {
  for (let s: string | null | undefined = slug; s; s = CATEGORIES.find((c) => c.slug === s)?.parent) if (s === ancestor) return true;
  return false;
}
