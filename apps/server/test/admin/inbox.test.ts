import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_INBOX_LINKS, type AdminInbox, type AdminInboxCount, type Product } from '@bulkparts/shared';
import { cartClient, insertProducts, type TestProduct } from '../helpers/cart.js';
import { placeOrder, signUp, signUpAdmin, type SignedInUser } from '../helpers/factories.js';
import { createTestApp, engine, type TestApp } from '../helpers/test-app.js';
import { addMember, createCompany } from '../orders/company-helpers.js';
import { answerQuote, requestQuote } from '../quotes/quote-helpers.js';

/**
 * Issue 33: the operator's inbox counts what needs action, each count asked of its owning module
 * and each equal to the length of the filtered admin list it links to; All Product's filters and
 * sortable columns (`GET /api/admin/products`).
 */
let t: TestApp;
let admin: SignedInUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpAdmin(t.app);
});
afterAll(async () => t?.close());

const get = (url: string, who: SignedInUser | null = admin) => t.app.inject({ url, headers: who ? { cookie: who.cookie } : {} });
const inbox = async (): Promise<AdminInbox> => {
  const res = await get('/api/admin/inbox');
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AdminInbox;
};

/** The API read behind each link of the inbox (the page lists what this answers). */
const LIST_API: Record<AdminInboxCount, string> = {
  toShip: '/api/purchase?status=paid',
  quotesToAnswer: '/api/quotes?status=requested',
  awaitingApproval: '/api/purchase?status=awaiting_approval',
  overdueInvoices: '/api/purchase?overdue=true',
  lowStock: '/api/admin/products?stock=low&archived=active',
  // Issue 31: approved returns, their parts on the way.
  returnsToReceive: '/api/returns?status=approved',
};

async function listed(count: AdminInboxCount): Promise<number> {
  const res = await get(LIST_API[count]);
  expect(res.statusCode, res.body).toBe(200);
  return Number(res.headers['x-total-count']);
}

describe(`the operator's inbox (${engine})`, () => {
  it('is for shop admins', async () => {
    expect((await get('/api/admin/inbox', null)).statusCode).toBe(401);
    expect((await get('/api/admin/inbox', await signUp(t.app))).statusCode).toBe(403);
  });

  it('follows an order from placed to paid to shipped, a quote from asked to answered, an approval and an overdue invoice; every count is its list’s length', async () => {
    const before = await inbox();
    expect(before.returnsToReceive).toBe(0);

    const buyer = await signUp(t.app);
    const order = await placeOrder(t.app, buyer);
    expect((await inbox()).toShip).toBe(before.toShip);
    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/purchase/${order._id}/pay`,
      headers: { cookie: buyer.cookie },
      payload: { cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await inbox()).toShip).toBe(before.toShip + 1);

    const product = ((await get('/api/service?limit=1', null)).json() as Product[])[0]!;
    const quote = await requestQuote(t.app, buyer, [{ productId: product._id, quantity: 5000 }]);
    expect((await inbox()).quotesToAnswer).toBe(before.quotesToAnswer + 1);

    const company = await createCompany(t.app, { paymentTerms: 'net30' });
    const limited = await addMember(t, company, 'buyer', 1);
    const waiting = await cartClient(t.app, limited).order([{ sku: product.sku }], Math.max(100, product.minimumOrderQuantity), { paymentMethod: 'account' });
    expect(waiting.status).toBe('awaiting_approval');
    const member = await addMember(t, company, 'buyer');
    const invoiced = await cartClient(t.app, member).order([{ sku: product.sku }], Math.max(100, product.minimumOrderQuantity), { paymentMethod: 'account' });
    expect(invoiced.status).toBe('invoiced');
    await t.database.db.updateTable('orders').set({ due_date: '2020-01-01T00:00:00.000Z' }).where('id', '=', invoiced._id).execute();

    const [low] = await insertProducts(t.database, 1, { stock: 60, minimum: 50 });
    const during = await inbox();
    expect(during).toEqual({
      toShip: before.toShip + 1,
      quotesToAnswer: before.quotesToAnswer + 1,
      awaitingApproval: before.awaitingApproval + 1,
      overdueInvoices: before.overdueInvoices + 1,
      lowStock: before.lowStock + 1,
      returnsToReceive: 0,
    });
    for (const count of Object.keys(LIST_API) as (keyof typeof LIST_API)[]) expect(await listed(count), count).toBe(during[count]);
    // The web's links say the same filters.
    expect(ADMIN_INBOX_LINKS.toShip).toBe('/dashboard/manageallorder?status=paid');
    expect(ADMIN_INBOX_LINKS.lowStock).toBe('/dashboard/allproduct?stock=low&archived=active');

    const shipped = await t.app.inject({
      method: 'PATCH',
      url: `/api/purchase/${order._id}`,
      headers: { cookie: admin.cookie },
      payload: { status: 'shipped' },
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    await answerQuote(t.app, admin, quote, 1);
    await t.database.db.updateTable('products').set({ available_quantity: 5000 }).where('id', '=', low!.id).execute();
    expect(await inbox()).toMatchObject({
      toShip: before.toShip,
      quotesToAnswer: before.quotesToAnswer,
      lowStock: before.lowStock,
    });
  });
});

describe(`All Product (${engine})`, () => {
  let parts: TestProduct[];
  let brand: string;

  beforeAll(async () => {
    brand = `Brand${Date.now().toString(36)}`;
    parts = await insertProducts(t.database, 4, { stock: 1000, prefix: `AP${Date.now().toString(36).toUpperCase()}` });
    const set = (i: number, values: Record<string, unknown>) => t.database.db.updateTable('products').set(values).where('id', '=', parts[i]!.id).execute();
    await set(0, { brand, available_quantity: 0 });
    await set(1, { brand, available_quantity: 70 });
    await set(2, { brand, archived: 1 });
    await set(3, { brand, available_quantity: 3000, price_e4: 5000 });
  });

  const page = async (query: string) => {
    const res = await get(`/api/admin/products?brand=${brand}&${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return { skus: (res.json() as Product[]).map((p) => p.sku), total: Number(res.headers['x-total-count']) };
  };
  const sku = (i: number) => parts[i]!.sku;

  it('filters by brand, stock (low or out) and archived state, and sorts by a column either way', async () => {
    expect((await page('sort=sku&order=asc')).skus).toEqual([sku(0), sku(1), sku(2), sku(3)]);
    expect(await page('stock=out&sort=sku&order=asc')).toEqual({ skus: [sku(0)], total: 1 });
    expect((await page('stock=low&archived=active&sort=sku&order=asc')).skus).toEqual([sku(0), sku(1)]);
    expect((await page('archived=archived')).skus).toEqual([sku(2)]);
    expect((await page('archived=active&sort=stock&order=desc')).skus).toEqual([sku(3), sku(1), sku(0)]);
    expect((await page('sort=price&order=asc')).skus[0]).toBe(sku(3));
    expect(await page(`q=${encodeURIComponent(sku(1).toLowerCase())}`)).toEqual({ skus: [sku(1)], total: 1 });
    const second = await page('sort=sku&order=asc&limit=3&page=2');
    expect(second).toEqual({ skus: [sku(3)], total: 4 });
  });

  it('takes a category with the ones under it, answers 50 rows by default, and names a bad filter', async () => {
    const all = await get('/api/admin/products');
    expect((all.json() as Product[]).length).toBe(Math.min(50, Number(all.headers['x-total-count'])));
    const bolts = await get('/api/admin/products?category=fasteners&limit=100');
    expect(bolts.statusCode).toBe(200);
    for (const bad of ['stock=some', 'archived=maybe', 'sort=colour', 'order=up', 'limit=500']) {
      const res = await get(`/api/admin/products?${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(Object.keys(res.json().fields)).toEqual([bad.split('=')[0]]);
    }
    expect((await get('/api/admin/products', await signUp(t.app))).statusCode).toBe(403);
  });
});
