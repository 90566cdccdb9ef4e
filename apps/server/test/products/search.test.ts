import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '@bulkparts/shared';
import { signUp, type SignedInUser } from '../helpers/factories.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { ARCHIVED, CATALOGUE, createCatalogue, expected, inStock, under, type Part } from './search-catalogue.js';

/**
 * GET /api/service: full-text search, filters and their combinations on a small known catalogue,
 * on both engines. Expected lists come from the same rules applied to the catalogue in memory.
 */
let t: TestApp;
let admin: SignedInUser;

beforeAll(async () => {
  t = await createTestApp({ seed: false, env: { CATALOGUE_READER_THREADS: '1' } });
  admin = await createCatalogue(t);
});
afterAll(async () => t.close());

async function list(qs: string, cookie?: string): Promise<{ skus: string[]; total: number }> {
  const res = await t.app.inject({ url: `/api/service?limit=100&${qs}`, headers: cookie ? { cookie } : {} });
  expect(res.statusCode, res.body).toBe(200);
  return { skus: (res.json() as Product[]).map((p) => p.sku), total: Number(res.headers['x-total-count']) };
}

describe('GET /api/service filters', () => {
  it('without parameters answers the featured list, archived products left out (the spec behaviour)', async () => {
    const res = await t.app.inject({ url: '/api/service' });
    expect(res.statusCode).toBe(200);
    expect(Array.isArray(res.json())).toBe(true);
    expect(res.headers['x-total-count']).toBe(String(CATALOGUE.length));
    expect((res.json() as Product[]).map((p) => p.sku)).toEqual(CATALOGUE.map((p) => p.sku));
  });

  it.each([
    ['category=fasteners', [under('fasteners')]],
    ['category=bolts', [under('bolts')]],
    ['category=hex-bolts', [under('hex-bolts')]],
    ['category=bearings', [under('bearings')]],
    ['category=no-such-category', [() => false]],
    ['brand=Acme', [(p: Part) => p.brand === 'Acme']],
    ['brand=Acme&brand=Skf', [(p: Part) => ['Acme', 'Skf'].includes(p.brand)]],
    ['attr.Thread=M8', [(p: Part) => p.attributes.Thread === 'M8']],
    ['attr.Thread=M8&attr.Thread=M10', [(p: Part) => ['M8', 'M10'].includes(p.attributes.Thread ?? '')]],
    ['attr.Thread=M8&attr.Material=Steel', [(p: Part) => p.attributes.Thread === 'M8' && p.attributes.Material === 'Steel']],
    [
      'attr.Thread=M8&attr.Material=Steel&attr.Material=Zinc',
      [(p: Part) => p.attributes.Thread === 'M8' && ['Steel', 'Zinc'].includes(p.attributes.Material ?? '')],
    ],
    ['minPrice=0.25', [(p: Part) => p.price >= 0.25]],
    ['maxPrice=0.25', [(p: Part) => p.price <= 0.25]],
    ['minPrice=0.2&maxPrice=3.5', [(p: Part) => p.price >= 0.2 && p.price <= 3.5]],
    ['minPrice=0.181&maxPrice=0.249', [() => false]],
    ['inStock=true', [inStock]],
    ['inStock=false', [() => true]],
    [
      'category=fasteners&brand=Acme&attr.Thread=M8&inStock=1&maxPrice=0.2',
      [under('fasteners'), (p: Part) => p.brand === 'Acme' && p.attributes.Thread === 'M8' && inStock(p) && p.price <= 0.2],
    ],
    ['category=bolts&attr.Material=Steel&attr.Material=Zinc', [under('bolts'), (p: Part) => ['Steel', 'Zinc'].includes(p.attributes.Material ?? '')]],
    ['brand=Skf&minPrice=2.5', [(p: Part) => p.brand === 'Skf' && p.price >= 2.5]],
  ])('%s', async (qs, tests) => {
    const { skus, total } = await list(qs);
    expect(skus).toEqual(expected(...tests));
    expect(total).toBe(skus.length);
  });

  it('pages a filtered list with the total of the whole filtered list', async () => {
    const all = expected((p) => p.attributes.Thread === 'M8');
    const p1 = await t.app.inject({ url: '/api/service?attr.Thread=M8&limit=2&page=1' });
    const p2 = await t.app.inject({ url: '/api/service?attr.Thread=M8&limit=2&page=2' });
    expect([...(p1.json() as Product[]), ...(p2.json() as Product[])].map((p) => p.sku)).toEqual(all.slice(0, 4));
    expect(p2.headers['x-total-count']).toBe(String(all.length));
  });

  it('lists archived products only for admins who ask', async () => {
    const withArchived = await list('category=hex-bolts&includeArchived=1', admin.cookie);
    expect(withArchived.skus).toEqual([...expected(under('hex-bolts')), ARCHIVED.sku]);
    expect((await list('q=old', admin.cookie)).skus).toEqual([]);
    expect((await list('q=old&includeArchived=1', admin.cookie)).skus).toEqual([ARCHIVED.sku]);
    expect((await t.app.inject({ url: '/api/service?includeArchived=1' })).statusCode).toBe(401);
    const customer = await signUp(t.app);
    expect((await t.app.inject({ url: '/api/service?includeArchived=1', headers: { cookie: customer.cookie } })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/service/facets?includeArchived=1', headers: { cookie: customer.cookie } })).statusCode).toBe(403);
  });
});

describe('GET /api/service?q= (full text)', () => {
  it('needs every word; only the last is a prefix', async () => {
    expect((await list('q=hex bo')).skus.sort()).toEqual(['HB-M10-50', 'HB-M8-40', 'TOOL-1']);
    expect((await list('q=hex nut')).skus).toEqual(['HN-M8']);
    expect((await list('q=bo hex')).skus).toEqual([]);
    expect((await list('q=bearing')).skus.sort()).toEqual(['BB-608', 'BB-6204']);
  });

  it('ranks name matches above description matches', async () => {
    const { skus } = await list('q=hex bolt');
    expect(skus.slice(0, 2).sort()).toEqual(['HB-M10-50', 'HB-M8-40']);
    expect(skus[2]).toBe('TOOL-1');
  });

  it('puts an exact SKU first, whatever its case', async () => {
    const { skus } = await list('q=m8');
    expect(skus[0]).toBe('M8');
    expect(skus.length).toBeGreaterThan(3);
    expect((await list('q=hn-m8')).skus[0]).toBe('HN-M8');
    expect((await list('q=%20bb-608%20')).skus[0]).toBe('BB-608');
  });

  it('searches brands, specifications and descriptions', async () => {
    expect((await list('q=nutco')).skus).toEqual(['WS-M8']);
    expect((await list('q=stainless')).skus).toEqual(['HB-M10-50']);
    expect((await list('q=adapter')).skus).toEqual(['BB-608']);
  });

  it('is whole words from the start, no longer a substring of the name', async () => {
    expect((await list('q=bolt')).skus.sort()).toEqual(['CB-M8-30', 'HB-M10-50', 'HB-M8-40', 'TOOL-1']);
    expect((await list('q=olt')).skus).toEqual([]);
  });

  it('matches nothing when the text has no letter or digit, with FTS and tsquery syntax taken as text', async () => {
    for (const q of ['---', '%', '"', '*', ':*', '&|!', '()']) {
      const res = await list(`q=${encodeURIComponent(q)}`);
      expect(res, q).toEqual({ skus: [], total: 0 });
    }
    for (const q of ['hex AND bolt', 'hex OR nut', 'NOT hex', 'sku:hex', 'hex & !bolt', "hex' or '1'='1", 'hex*', 'hex"']) {
      const res = await t.app.inject({ url: `/api/service?q=${encodeURIComponent(q)}` });
      expect(res.statusCode, q).toBe(200);
    }
    expect((await list(`q=${encodeURIComponent('hex & !bolt')}`)).skus.sort()).toEqual(['HB-M10-50', 'HB-M8-40', 'TOOL-1']);
  });

  it('applies an explicit sort to the matches', async () => {
    const matches = ['HB-M8-40', 'HB-M10-50', 'TOOL-1'];
    const byPrice = CATALOGUE.filter((p) => matches.includes(p.sku)).sort((a, b) => a.price - b.price);
    expect((await list('q=hex bo&sort=price-asc')).skus).toEqual(byPrice.map((p) => p.sku));
    expect((await list('q=hex bo&sort=price-desc')).skus).toEqual(byPrice.map((p) => p.sku).reverse());
    expect((await list('q=hex bo&sort=featured')).skus).toEqual(matches);
  });

  it('combines with the filters', async () => {
    expect((await list('q=hex&brand=Acme&attr.Thread=M8')).skus.sort()).toEqual(['HB-M8-40', 'HN-M8']);
    expect((await list('q=hex&category=bolts')).skus.sort()).toEqual(['HB-M10-50', 'HB-M8-40']);
  });
});

describe('the search index follows every write', () => {
  it('after create, edit, archive and delete', async () => {
    const headers = { cookie: admin.cookie };
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/service',
      headers,
      payload: {
        sku: 'ZC-1',
        name: 'Zebra Clamp',
        brand: 'Stripes',
        attributes: { Colour: 'Orange' },
        price: 1,
        minimumOrderQuantity: 50,
        availableQuantity: 100,
        img: '/images/products/x.webp',
      },
    });
    expect(created.statusCode).toBe(201);
    const id = (created.json() as Product)._id;
    expect((await list('q=zebra')).skus).toEqual(['ZC-1']);
    expect((await list('q=orange')).skus).toEqual(['ZC-1']);

    const edited = await t.app.inject({
      method: 'PATCH',
      url: `/api/service/${id}`,
      headers,
      payload: { sku: 'YK-2', name: 'Yak Clamp', attributes: { Colour: 'Purple' } },
    });
    expect(edited.statusCode).toBe(200);
    for (const gone of ['zebra', 'orange', 'zc-1']) expect((await list(`q=${gone}`)).skus, gone).toEqual([]);
    expect((await list('q=yak')).skus).toEqual(['YK-2']);
    expect((await list('q=purple')).skus).toEqual(['YK-2']);
    expect((await list('q=yk-2')).skus).toEqual(['YK-2']);
    expect((await list('q=stripes')).skus).toEqual(['YK-2']);
    expect((await list('attr.Colour=Purple')).skus).toEqual(['YK-2']);
    expect((await list('attr.Colour=Orange')).skus).toEqual([]);

    await t.app.inject({ method: 'PATCH', url: `/api/service/${id}`, headers, payload: { archived: true } });
    expect((await list('q=yak')).skus).toEqual([]);
    expect((await list('q=yak&includeArchived=1', admin.cookie)).skus).toEqual(['YK-2']);

    expect((await t.app.inject({ method: 'DELETE', url: `/api/service/${id}`, headers })).json()).toEqual({ deleted: true, archived: false });
    expect((await list('q=yak&includeArchived=1', admin.cookie)).skus).toEqual([]);
    expect((await list('attr.Colour=Purple&includeArchived=1', admin.cookie)).skus).toEqual([]);
  });
});

describe('bad parameters', () => {
  it.each([
    ['sort=cheapest', 'sort'],
    ['minPrice=-1', 'minPrice'],
    ['minPrice=abc', 'minPrice'],
    ['minPrice=5&maxPrice=1', 'maxPrice'],
    [`q=${'x'.repeat(5000)}`, 'q'],
    [`attr.Thread=${Array.from({ length: 21 }, (_, i) => `M${i}`).join('&attr.Thread=')}`, 'attr.Thread'],
    [`brand=${Array.from({ length: 21 }, (_, i) => `B${i}`).join('&brand=')}`, 'brand'],
    ['inStock=maybe', 'inStock'],
    ['category=Not%20A%20Slug', 'category'],
    ['includeArchived=yes', 'includeArchived'],
  ])('%s answers 400 naming the parameter, on the list and the facets', async (qs, field) => {
    for (const url of [`/api/service?${qs}`, `/api/service/facets?${qs}`]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toMatchObject({ error: 'VALIDATION_FAILED', fields: { [field]: expect.any(String) } });
    }
  });
});
