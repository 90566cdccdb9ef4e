import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPANY_MESSAGES, type ApiError, type CompanyPrice } from '@bulkparts/shared';
import { insertProducts, type TestProduct } from '../helpers/cart.js';
import { signUp, signUpAdmin, type SignedInUser } from '../helpers/factories.js';
import { createTestApp, engine, type TestApp } from '../helpers/test-app.js';
import { billingAddress, companyClient, companyWithAdmin, memberOf } from './company-helpers.js';

let t: TestApp;
let shopAdmin: SignedInUser;
let products: TestProduct[];

beforeAll(async () => {
  t = await createTestApp();
  shopAdmin = await signUpAdmin(t.app);
  products = await insertProducts(t.database, 3);
});
afterAll(async () => t?.close());

/** Something in the catalogue cache, to see whether a write clears it. */
const fillCache = () => t.app.services.catalogueCache.set('/api/service?probe', { payload: Buffer.from('[]'), headers: {} });

describe(`company prices (${engine})`, () => {
  it('lets shop admins set, change and remove fixed prices; members read them beside the list price', async () => {
    const { admin, company } = await companyWithAdmin(t);
    const buyer = await memberOf(t, admin, company.id, 'buyer');
    const shop = companyClient(t.app, shopAdmin);
    const [p0, p1] = products as [TestProduct, TestProduct];

    fillCache();
    const set = await shop.setPrice(company.id, p0.id, { price: 0.75 });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ productId: p0.id, sku: p0.sku, name: p0.name, price: 0.75, listPrice: p0.priceCents / 100 } satisfies CompanyPrice);
    expect(t.app.services.catalogueCache.size).toBe(0);
    expect(((await shop.setPrice(company.id, p0.id, { price: 0.7 })).json() as CompanyPrice).price).toBe(0.7);
    await shop.setPrice(company.id, p1.id, { price: 0.9 });

    const list = await companyClient(t.app, buyer).prices(company.id);
    expect(list.statusCode).toBe(200);
    expect((list.json() as CompanyPrice[]).map((p) => [p.sku, p.price]).sort()).toEqual(
      [
        [p0.sku, 0.7],
        [p1.sku, 0.9],
      ].sort(),
    );

    fillCache();
    expect((await shop.removePrice(company.id, p1.id)).statusCode).toBe(204);
    expect(t.app.services.catalogueCache.size).toBe(0);
    expect((await shop.removePrice(company.id, p1.id)).statusCode).toBe(204);
    expect(((await shop.prices(company.id)).json() as CompanyPrice[]).map((p) => p.productId)).toEqual([p0.id]);
  });

  it("shows a member the company's price in the catalogue at once after each change (the catalogue cache is cleared)", async () => {
    const { admin, company } = await companyWithAdmin(t);
    const buyer = await memberOf(t, admin, company.id, 'buyer');
    const p = products[2]!;
    const shop = companyClient(t.app, shopAdmin);
    const seen = async () => {
      const res = await t.app.inject({ method: 'GET', url: `/api/service/${p.id}`, headers: { cookie: buyer.cookie } });
      expect(res.statusCode).toBe(200);
      return (res.json() as { price: number }).price;
    };
    const list = p.priceCents / 100;
    expect(await seen()).toBe(list);
    await shop.setPrice(company.id, p.id, { price: 0.5 });
    expect(await seen()).toBe(0.5);
    await shop.setPrice(company.id, p.id, { price: 0.6 });
    expect(await seen()).toBe(0.6);
    await shop.removePrice(company.id, p.id);
    expect(await seen()).toBe(list);
    await shop.update(company.id, { discountPercent: 50 });
    expect(await seen()).toBeLessThan(list);
    await shop.update(company.id, { discountPercent: null });
    expect(await seen()).toBe(list);
  });

  it('answers 404 for an unknown product and 400 naming a bad price', async () => {
    const { company } = await companyWithAdmin(t);
    const shop = companyClient(t.app, shopAdmin);
    const unknown = await shop.setPrice(company.id, '000000000000000000000000', { price: 1 });
    expect(unknown.statusCode).toBe(404);
    for (const price of [0, -1, 1.23456, 'cheap', 10_000_000]) {
      const res = await shop.setPrice(company.id, products[0]!.id, { price });
      expect(res.statusCode, String(price)).toBe(400);
      expect((res.json() as ApiError).fields).toHaveProperty('price');
    }
    expect((await shop.setPrice('000000000000000000000000', products[0]!.id, { price: 1 })).statusCode).toBe(404);
  });

  it('leaves prices to shop admins: company admins get 403, other companies 404', async () => {
    const { admin, company } = await companyWithAdmin(t);
    const c = companyClient(t.app, admin);
    const put = await c.setPrice(company.id, products[0]!.id, { price: 0.01 });
    expect(put.statusCode).toBe(403);
    expect((put.json() as ApiError).message).toBe(COMPANY_MESSAGES.shopAdminOnly);
    expect((await c.removePrice(company.id, products[0]!.id)).statusCode).toBe(403);

    const other = companyClient(t.app, (await companyWithAdmin(t, 'Other Co')).admin);
    expect((await other.prices(company.id)).statusCode).toBe(404);
    expect((await other.setPrice(company.id, products[0]!.id, { price: 0.01 })).statusCode).toBe(404);
    expect((await other.removePrice(company.id, products[0]!.id)).statusCode).toBe(404);
    const loner = companyClient(t.app, await signUp(t.app));
    expect((await loner.setPrice(company.id, products[0]!.id, { price: 0.01 })).statusCode).toBe(404);
    expect((await companyClient(t.app, null).prices(company.id)).statusCode).toBe(401);
  });

  it('answers the directory that orders, cart and products ask: membership, price book, price list key, who approves, the invoice party', async () => {
    const { admin, company } = await companyWithAdmin(t, 'Directory Co');
    const approver = await memberOf(t, admin, company.id, 'approver');
    const buyer = await memberOf(t, admin, company.id, 'buyer');
    const loner = await signUp(t.app);
    const directory = t.app.services.companies;
    const [p0, p1, p2] = products as [TestProduct, TestProduct, TestProduct];

    expect(await directory.membershipOf(loner.id)).toBeNull();
    expect(await directory.priceBookFor(loner.id, [p0.id])).toBeNull();
    expect(await directory.priceListKey(loner.id)).toBeNull();
    // A company with neither discount nor prices sees list prices.
    expect(await directory.priceBookFor(buyer.id, [p0.id])).toBeNull();
    expect(await directory.priceListKey(buyer.id)).toBeNull();

    const shop = companyClient(t.app, shopAdmin);
    await shop.updateMember(company.id, buyer.id, { spendingLimit: 100 });
    fillCache();
    await shop.update(company.id, { paymentTerms: 'net30', creditLimit: 2500, discountPercent: 10 });
    expect(t.app.services.catalogueCache.size).toBe(0);
    expect(await directory.membershipOf(buyer.id)).toEqual({
      companyId: company.id,
      companyName: 'Directory Co',
      role: 'buyer',
      spendingLimitCents: 10_000,
      paymentTerms: 'net30',
      creditLimitCents: 250_000,
    });
    expect(await directory.priceListKey(buyer.id)).toBe(company.id);
    const discounted = await directory.priceBookFor(buyer.id, [p0.id, p1.id]);
    expect(discounted).toEqual({ companyId: company.id, discountPercent: 10, fixedE4: new Map() });

    await shop.update(company.id, { discountPercent: null });
    expect(await directory.priceListKey(buyer.id)).toBeNull();
    await shop.setPrice(company.id, p1.id, { price: 0.55 });
    expect(await directory.priceListKey(buyer.id)).toBe(company.id);
    expect(await directory.priceBookFor(buyer.id, [p0.id, p1.id, p2.id])).toEqual({
      companyId: company.id,
      discountPercent: null,
      fixedE4: new Map([[p1.id, 5500]]),
    });
    // Other products of the same company: no fixed price, no discount.
    expect(await directory.priceBookFor(buyer.id, [p0.id])).toBeNull();

    expect(await directory.approverEmails(company.id)).toEqual([admin.email, approver.email].sort());
    expect(await directory.adminEmails(company.id)).toEqual([admin.email]);
    expect(await directory.invoiceParty(company.id)).toEqual({ name: 'Directory Co', taxId: 'GB123456789', billingAddress });
    expect(await directory.invoiceParty('000000000000000000000000')).toBeNull();
  });
});
