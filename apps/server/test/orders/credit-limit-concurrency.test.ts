import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError, Company, Order } from '@bulkparts/shared';
import { ADDRESS, cartClient, insertProducts, stockOf, type TestProduct } from '../helpers/cart.js';
import type { SignedInUser } from '../helpers/factories.js';
import { createConcurrentApps, engine, type TestApp } from '../helpers/test-app.js';
import { addMember, createCompany, type TestCompany } from './company-helpers.js';

/**
 * Issue 18: buyers of one company check out on account at the same moment; together they must
 * not pass the company's credit limit. On SQLite one app (the units run one after the other, in
 * group commits); on PostgreSQL two app instances on one database, where the company's advisory
 * lock queues the units and each sums the ones committed before it.
 */
const BUYERS = 12;
const ORDER_DOLLARS = 100;
const LIMIT = 550; // room for exactly 5 orders of $100

let apps: TestApp[] = [];
let closeApps: (() => Promise<void>) | undefined;
let product: TestProduct;
let c: TestCompany;
const buyers: SignedInUser[] = [];

beforeAll(async () => {
  ({ apps, close: closeApps } = await createConcurrentApps());
  const main = apps[0]!;
  product = (await insertProducts(main.database, 1, { stock: 100_000 }))[0]!;
  c = await createCompany(main.app, { paymentTerms: 'net30', creditLimit: LIMIT });
  for (let i = 0; i < BUYERS; i++) buyers.push(await addMember(main, c, 'buyer'));
  // $1.00 a piece: 100 pieces is one $100 order each.
  await Promise.all(
    buyers.map((b, i) =>
      cartClient(apps[i % apps.length]!.app, b)
        .add([{ sku: product.sku, quantity: ORDER_DOLLARS }])
        .then((r) => expect(r.statusCode).toBe(200)),
    ),
  );
}, 120_000);
afterAll(async () => {
  await closeApps?.();
});

describe(`concurrent account checkouts of one company (${engine}${engine === 'postgres' ? ', two instances' : ''})`, () => {
  it(`${BUYERS} buyers at once: exactly the orders the credit limit holds are invoiced, the rest 409 CREDIT_LIMIT_EXCEEDED`, { timeout: 60_000 }, async () => {
    const start = await stockOf(apps[0]!.database, product.id);
    const results = await Promise.all(
      buyers.map((b, i) => cartClient(apps[i % apps.length]!.app, b).checkout({ shippingAddress: ADDRESS, paymentMethod: 'account' })),
    );
    const codes = results.map((r) => r.statusCode);
    expect(
      codes.filter((code) => code !== 201 && code !== 409),
      results.map((r) => r.body).join('\n'),
    ).toEqual([]);
    const accepted = results.filter((r) => r.statusCode === 201).map((r) => r.json() as Order);
    expect(accepted.length).toBe(Math.floor(LIMIT / ORDER_DOLLARS));
    expect(accepted.every((o) => o.status === 'invoiced' && o.companyId === c.company.id)).toBe(true);
    for (const r of results.filter((x) => x.statusCode === 409)) {
      expect((r.json() as ApiError).error).toBe('CREDIT_LIMIT_EXCEEDED');
    }
    // What the database holds agrees: the credit used stays within the limit, the stock moved only for the accepted orders.
    const company = (await apps[0]!.app.inject({ url: `/api/companies/${c.company.id}`, headers: { cookie: c.admin.cookie } })).json() as Company;
    expect(company.creditUsed).toBe(accepted.length * ORDER_DOLLARS);
    expect(company.creditUsed).toBeLessThanOrEqual(LIMIT);
    expect(await stockOf(apps[0]!.database, product.id)).toBe(start - accepted.length * ORDER_DOLLARS);
    // Invoice numbers are unique (taken in each order's own transaction).
    expect(new Set(accepted.map((o) => o.invoiceNumber)).size).toBe(accepted.length);
  });
});
