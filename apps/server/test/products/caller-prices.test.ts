import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product, ProductFacets } from '@bulkparts/shared';
import { insertProducts, type TestProduct } from '../helpers/cart.js';
import { signUpAdmin, type SignedInUser } from '../helpers/factories.js';
import { createTestApp, engine, type TestApp } from '../helpers/test-app.js';
import { companyClient, companyWithAdmin, memberOf } from '../companies/company-helpers.js';

/**
 * Issue 28: `minPrice`/`maxPrice` and the facets' price range use the caller's own prices: a
 * company member's fixed prices and discount (the lower of list and company price, as the
 * products they are shown), anyone else the list prices. Their answers are cached apart.
 */
let t: TestApp;
let shopAdmin: SignedInUser;
let products: TestProduct[];

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  shopAdmin = await signUpAdmin(t.app);
  // 1.00, 1.01 and 1.02 dollars.
  products = await insertProducts(t.database, 3, { prefix: 'CPX' });
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

    // 50% off the list price (1.01 → 0.505 → 51 cents, rounded half up); the fixed 0.50 still wins for p0.
    expect((await shop.update(company.id, { discountPercent: 50 })).statusCode).toBe(200);
    expect((await facets(buyer.cookie)).price).toEqual({ min: 0.5, max: 0.51 });
    expect(await skus('maxPrice=0.5', buyer.cookie)).toEqual({ skus: [p0.sku], total: 1 });
    expect(await skus('minPrice=0.51&maxPrice=0.51', buyer.cookie)).toEqual({ skus: [p1.sku, p2.sku].sort(), total: 2 });

    // Anonymous answers are unchanged (kept apart in the cache).
    expect((await facets()).price).toEqual({ min: 1, max: 1.02 });
    expect(await skus('maxPrice=0.6')).toEqual({ skus: [], total: 0 });
  });
});
