import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product, ProductFacets } from '@bulkparts/shared';
import { insertProducts, type TestProduct } from '../helpers/cart.js';
import { signUp, signUpAdmin, type SignedInUser } from '../helpers/factories.js';
import { createTestApp, engine, type TestApp } from '../helpers/test-app.js';
import { companyClient, companyWithAdmin, memberOf } from '../companies/company-helpers.js';

/**
 * Issue 28: `minPrice`/`maxPrice`, the facets' price range and the price sorts use the caller's
 * own prices: a company member's fixed prices and discount (the lower of list and company price,
 * as the products they are shown), anyone else the list prices. Their answers are cached apart.
 */
let t: TestApp;
let shopAdmin: SignedInUser;
let products: TestProduct[];
let sorted: TestProduct[];

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  shopAdmin = await signUpAdmin(t.app);
  // 1.00, 1.01 and 1.02 dollars.
  products = await insertProducts(t.database, 3, { prefix: 'CPX' });
  // The same 1.00, 1.01 and 1.02 dollars, for the sorts (priced by another company).
  sorted = await insertProducts(t.database, 3, { prefix: 'CPS' });
});
afterAll(async () => t?.close());

async function facets(cookie?: string): Promise<ProductFacets> {
  const res = await t.app.inject({ url: '/api/service/facets?q=cpx', headers: cookie ? { cookie } : {} });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ProductFacets;
}
async function skus(query: string, cookie?: string): Promise<{ skus: string[]; total: number }> {
  const res = await t.app.inject({ url: `/api/service?q=cpx&${query}`, headers: cookie ? { cookie } : {} });
  expect(res.statusCode, res.body).toBe(200);
  return { skus: (res.json() as Product[]).map((p) => p.sku).sort(), total: Number(res.headers['x-total-count']) };
}

describe(`price bounds and the price range in the caller's prices (${engine})`, () => {
  it('a member with a fixed price and then a discount filters and ranges by their prices; anonymous by list prices', async () => {
    const [p0, p1, p2] = products as [TestProduct, TestProduct, TestProduct];
    const { admin, company } = await companyWithAdmin(t);
    const buyer = await memberOf(t, admin, company.id, 'buyer');
    const shop = companyClient(t.app, shopAdmin);
    expect((await shop.setPrice(company.id, p0.id, { price: 0.5 })).statusCode).toBe(200);

    expect((await facets()).price).toEqual({ min: 1, max: 1.02 });
    expect(await skus('maxPrice=0.6')).toEqual({ skus: [], total: 0 });

    expect((await facets(buyer.cookie)).price).toEqual({ min: 0.5, max: 1.02 });
    expect(await skus('maxPrice=0.6', buyer.cookie)).toEqual({ skus: [p0.sku], total: 1 });
    expect(await skus('minPrice=1.01', buyer.cookie)).toEqual({ skus: [p1.sku, p2.sku].sort(), total: 2 });

    // 50% off the list price (1.01 → 0.505: issue 30 keeps the half cent); the fixed 0.50 still wins for p0.
    expect((await shop.update(company.id, { discountPercent: 50 })).statusCode).toBe(200);
    expect((await facets(buyer.cookie)).price).toEqual({ min: 0.5, max: 0.51 });
    expect(await skus('maxPrice=0.5', buyer.cookie)).toEqual({ skus: [p0.sku], total: 1 });
    expect(await skus('minPrice=0.505&maxPrice=0.51', buyer.cookie)).toEqual({ skus: [p1.sku, p2.sku].sort(), total: 2 });
    expect(await skus('minPrice=0.51&maxPrice=0.51', buyer.cookie)).toEqual({ skus: [p2.sku], total: 1 });

    // Anonymous answers are unchanged (kept apart in the cache).
    expect((await facets()).price).toEqual({ min: 1, max: 1.02 });
    expect(await skus('maxPrice=0.6')).toEqual({ skus: [], total: 0 });
  });
});

/** The CPS products in the order `sort` lists them, with the prices shown: searched, or the whole list (the list's own index). */
async function byPrice(sort: 'price-asc' | 'price-desc', search: boolean, cookie?: string): Promise<[string, number][]> {
  const res = await t.app.inject({ url: `/api/service?sort=${sort}&limit=100${search ? '&q=cps' : ''}`, headers: cookie ? { cookie } : {} });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as Product[]).filter((p) => p.sku.startsWith('CPS-')).map((p) => [p.sku, p.price]);
}

describe(`the price sorts in the caller's prices (${engine})`, () => {
  it('a member sees the order of their own prices, a guest the order of list prices', async () => {
    const [s0, s1, s2] = sorted as [TestProduct, TestProduct, TestProduct];
    const { admin, company } = await companyWithAdmin(t, 'Sorted Parts Ltd');
    const buyer = await memberOf(t, admin, company.id, 'buyer');
    const shop = companyClient(t.app, shopAdmin);
    const guestAsc: [string, number][] = [
      [s0.sku, 1],
      [s1.sku, 1.01],
      [s2.sku, 1.02],
    ];
    const guestDesc = [...guestAsc].reverse();

    // A discount alone keeps the list prices' order (1.01 and 1.02 become 0.505 and 0.51, issue 30).
    expect((await shop.update(company.id, { discountPercent: 50 })).statusCode).toBe(200);
    for (const search of [false, true]) {
      expect(await byPrice('price-asc', search, buyer.cookie)).toEqual([
        [s0.sku, 0.5],
        [s1.sku, 0.505],
        [s2.sku, 0.51],
      ]);
      expect(await byPrice('price-desc', search, buyer.cookie)).toEqual([
        [s2.sku, 0.51],
        [s1.sku, 0.505],
        [s0.sku, 0.5],
      ]);
    }

    // A fixed price moves its product: 0.40 for the dearest makes it the cheapest.
    expect((await shop.setPrice(company.id, s2.id, { price: 0.4 })).statusCode).toBe(200);
    // A fixed price is the member's price even above the discounted one (never above the list price).
    expect((await shop.setPrice(company.id, s0.id, { price: 0.9 })).statusCode).toBe(200);
    for (const search of [false, true]) {
      expect(await byPrice('price-asc', search, buyer.cookie)).toEqual([
        [s2.sku, 0.4],
        [s1.sku, 0.505],
        [s0.sku, 0.9],
      ]);
      expect(await byPrice('price-desc', search, buyer.cookie)).toEqual([
        [s0.sku, 0.9],
        [s1.sku, 0.505],
        [s2.sku, 0.4],
      ]);
      // A guest, and a signed-in buyer of no company, still see list prices in list-price order.
      const outsider = await signUp(t.app);
      for (const cookie of [undefined, outsider.cookie]) {
        expect(await byPrice('price-asc', search, cookie)).toEqual(guestAsc);
        expect(await byPrice('price-desc', search, cookie)).toEqual(guestDesc);
      }
    }
  });
});
