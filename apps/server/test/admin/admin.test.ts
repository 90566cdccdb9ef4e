import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product, User } from '@bulkparts/shared';
import { signUp, signUpAdmin, type SignedInUser } from '../helpers/factories.js';
import { insertOrderRow } from '../helpers/order-rows.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let admin: SignedInUser;
let buyer: SignedInUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpAdmin(t.app);
  buyer = await signUp(t.app, { name: 'Casey Customer' });
});
afterAll(async () => t.close());

const as = (user: SignedInUser | undefined) => (user ? { cookie: user.cookie } : {});
const validProduct = {
  sku: 'SW-M6',
  name: 'Steel Washer M6',
  description: 'Zinc plated',
  price: 0.07,
  minimumOrderQuantity: 100,
  availableQuantity: 5000,
  img: 'https://example.com/w.jpg',
};

function insertOrder(productId: string, opts: { status?: string; email?: string; name?: string; totalCents?: number; quantity?: number } = {}) {
  return insertOrderRow(t.database, {
    productId,
    productName: opts.name ?? 'Steel Washer M6',
    productImg: 'https://example.com/w.jpg',
    buyer,
    email: opts.email,
    status: opts.status ?? 'paid',
    unitPriceCents: 7,
    quantity: opts.quantity ?? 100,
    totalCents: opts.totalCents ?? 700,
  });
}

describe('admin endpoints refuse customers (403) and anonymous callers (401)', () => {
  const id = '0'.repeat(24);
  it.each([
    ['POST', '/api/service', validProduct],
    ['PATCH', `/api/service/${id}`, { price: 1 }],
    ['POST', `/api/service/${id}/stock`, { delta: 1 }],
    ['DELETE', `/api/service/${id}`, undefined],
    ['GET', '/api/service?includeArchived=1', undefined],
    ['GET', '/api/user', undefined],
    ['PUT', '/api/user/admin/someone@example.com', undefined],
    ['DELETE', `/api/user/${id}`, undefined],
    ['GET', '/api/admin/overview', undefined],
    ['GET', '/api/purchase/export.csv', undefined],
  ] as const)('%s %s', async (method, url, payload) => {
    const anon = await t.app.inject({ method, url, ...(payload ? { payload } : {}) });
    expect(anon.statusCode).toBe(401);
    const customer = await t.app.inject({ method, url, headers: as(buyer), ...(payload ? { payload } : {}) });
    expect(customer.statusCode).toBe(403);
  });
});

describe('products admin', () => {
  let product: Product;
  it('adds a product (201) that appears in the catalogue, price stored in 1/10,000 dollar', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/service', payload: validProduct, headers: as(admin) });
    expect(res.statusCode).toBe(201);
    product = res.json() as Product;
    expect(product).toMatchObject({ ...validProduct, archived: false });
    const row = await t.database.db.selectFrom('products').select('price_e4').where('id', '=', product._id).executeTakeFirstOrThrow();
    expect(Number(row.price_e4)).toBe(700);
    const list = (await t.app.inject({ url: '/api/service?q=washer' })).json() as Product[];
    expect(list.map((p) => p._id)).toContain(product._id);
  });

  it.each([
    [{ name: 'x'.repeat(21) }, 'name', 'Name must be at most 20 characters'],
    [{ name: '' }, 'name', 'Name is required'],
    [{ price: 0 }, 'price', 'Price must be more than 0'],
    [{ price: 1.23456 }, 'price', 'Price can have at most 4 decimals'],
    [{ minimumOrderQuantity: 49 }, 'minimumOrderQuantity', 'Minimum order quantity must be at least 50'],
    [{ minimumOrderQuantity: 1001 }, 'minimumOrderQuantity', 'Minimum order quantity must be at most 1000'],
    [{ minimumOrderQuantity: 50.5 }, 'minimumOrderQuantity', 'Minimum order quantity must be a whole number'],
    [{ availableQuantity: -1 }, 'availableQuantity', 'Available quantity cannot be negative'],
    [{ img: 'javascript:alert(1)' }, 'img', 'Image must be an http(s) URL or an uploaded image'],
  ])('refuses %j with the field message', async (change, field, message) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/service', payload: { ...validProduct, ...change }, headers: as(admin) });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields[field]).toBe(message);
  });

  it('accepts an uploaded image path and exactly 20 characters', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/service',
      payload: { ...validProduct, sku: 'X20', name: 'x'.repeat(20), img: `/uploads/${'a'.repeat(64)}.png` },
      headers: as(admin),
    });
    expect(res.statusCode).toBe(201);
  });

  it('edits with PATCH and validates the patch', async () => {
    const res = await t.app.inject({ method: 'PATCH', url: `/api/service/${product._id}`, payload: { price: 0.09, name: 'Washer M6' }, headers: as(admin) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ price: 0.09, name: 'Washer M6', minimumOrderQuantity: 100 });
    expect((await t.app.inject({ method: 'PATCH', url: `/api/service/${product._id}`, payload: { price: -1 }, headers: as(admin) })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'PATCH', url: `/api/service/${'f'.repeat(24)}`, payload: { price: 1 }, headers: as(admin) })).statusCode).toBe(404);
  });

  it('adjusts stock and never below 0 (409)', async () => {
    const up = await t.app.inject({ method: 'POST', url: `/api/service/${product._id}/stock`, payload: { delta: 250 }, headers: as(admin) });
    expect(up.json().availableQuantity).toBe(5250);
    const down = await t.app.inject({ method: 'POST', url: `/api/service/${product._id}/stock`, payload: { delta: -5250 }, headers: as(admin) });
    expect(down.json().availableQuantity).toBe(0);
    const below = await t.app.inject({ method: 'POST', url: `/api/service/${product._id}/stock`, payload: { delta: -1 }, headers: as(admin) });
    expect(below.statusCode).toBe(409);
    expect((await t.app.inject({ method: 'POST', url: `/api/service/${product._id}/stock`, payload: { delta: 0 }, headers: as(admin) })).statusCode).toBe(400);
  });

  it('deletes a product without orders', async () => {
    const created = (
      await t.app.inject({ method: 'POST', url: '/api/service', payload: { ...validProduct, sku: 'DISPOSABLE', name: 'Disposable' }, headers: as(admin) })
    ).json() as Product;
    const res = await t.app.inject({ method: 'DELETE', url: `/api/service/${created._id}`, headers: as(admin) });
    expect(res.json()).toEqual({ deleted: true, archived: false });
    expect((await t.app.inject({ url: `/api/service/${created._id}` })).statusCode).toBe(404);
  });

  it('archives a product that has orders: gone from the storefront, readable by id, listed for admins', async () => {
    await insertOrder(product._id);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/service/${product._id}`, headers: as(admin) });
    expect(res.json()).toEqual({ deleted: false, archived: true });
    const store = (await t.app.inject({ url: '/api/service?q=washer&limit=100' })).json() as Product[];
    expect(store.map((p) => p._id)).not.toContain(product._id);
    const byId = await t.app.inject({ url: `/api/service/${product._id}` });
    expect(byId.statusCode).toBe(200);
    expect(byId.json().archived).toBe(true);
    const adminList = (await t.app.inject({ url: '/api/service?q=washer&includeArchived=1', headers: as(admin) })).json() as Product[];
    expect(adminList.find((p) => p._id === product._id)?.archived).toBe(true);
    const restored = await t.app.inject({ method: 'PATCH', url: `/api/service/${product._id}`, payload: { archived: false }, headers: as(admin) });
    expect(restored.json().archived).toBe(false);
  });
});

describe('users admin', () => {
  it('lists users with role, verified and joined, searchable and paginated', async () => {
    const res = await t.app.inject({ url: '/api/user?limit=1', headers: as(admin) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveLength(1);
    expect(Number(res.headers['x-total-count'])).toBeGreaterThanOrEqual(2);
    const found = (await t.app.inject({ url: `/api/user?q=${encodeURIComponent('casey')}`, headers: as(admin) })).json() as User[];
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ _id: buyer.id, email: buyer.email, name: 'Casey Customer', role: 'customer', emailVerified: true });
    expect(Number.isNaN(Date.parse(found[0]!.createdAt))).toBe(false);
  });

  it('promotes with { modifiedCount } 1, then 0; 404 for unknown', async () => {
    const other = await signUp(t.app);
    const first = await t.app.inject({ method: 'PUT', url: `/api/user/admin/${encodeURIComponent(other.email)}`, headers: as(admin) });
    expect(first.json()).toEqual({ modifiedCount: 1 });
    const second = await t.app.inject({ method: 'PUT', url: `/api/user/admin/${encodeURIComponent(other.email)}`, headers: as(admin) });
    expect(second.json()).toEqual({ modifiedCount: 0 });
    expect((await t.app.inject({ url: '/api/admin/overview', headers: as(other) })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'PUT', url: '/api/user/admin/nobody@example.com', headers: as(admin) })).statusCode).toBe(404);
  });

  it('nobody removes themselves; the last admin stays', async () => {
    const self = await t.app.inject({ method: 'DELETE', url: `/api/user/${admin.id}`, headers: as(admin) });
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe('You cannot remove yourself');
    // A second admin removes every other admin, then cannot remove the last one.
    const second = await signUp(t.app);
    await t.app.inject({ method: 'PUT', url: `/api/user/admin/${encodeURIComponent(second.email)}`, headers: as(admin) });
    const admins = ((await t.app.inject({ url: '/api/user?limit=100', headers: as(admin) })).json() as User[]).filter(
      (u) => u.role === 'admin' && u._id !== second.id && u._id !== admin.id,
    );
    for (const a of admins) expect((await t.app.inject({ method: 'DELETE', url: `/api/user/${a._id}`, headers: as(second) })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/user/${second.id}`, headers: as(admin) })).statusCode).toBe(200);
    // Only `admin` is left; a removed session no longer works.
    expect((await t.app.inject({ url: '/api/user', headers: as(second) })).statusCode).toBe(401);
    const rows = await t.database.db.selectFrom('user').select('id').where('role', '=', 'admin').execute();
    expect(rows.map((r) => r.id)).toEqual([admin.id]);
  });

  it('removes a customer with sessions and profile, keeping their orders', async () => {
    const gone = await signUp(t.app, { name: 'Gone Soon' });
    await t.app.inject({ method: 'POST', url: '/api/profile', payload: { address: 'Somewhere' }, headers: as(gone) });
    const orderId = await insertOrder('0'.repeat(24), { email: gone.email });
    await t.database.db.updateTable('orders').set({ user_id: gone.id }).where('id', '=', orderId).execute();
    const res = await t.app.inject({ method: 'DELETE', url: `/api/user/${gone.id}`, headers: as(admin) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ deletedCount: 1 });
    expect(await t.database.db.selectFrom('profiles').select('user_id').where('user_id', '=', gone.id).execute()).toEqual([]);
    expect(await t.database.db.selectFrom('session').select('id').where('userId', '=', gone.id).execute()).toEqual([]);
    expect(await t.database.db.selectFrom('orders').select('id').where('id', '=', orderId).execute()).toHaveLength(1);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/user/${gone.id}`, headers: as(admin) })).statusCode).toBe(404);
  });
});

describe('last admin guard', () => {
  it('refuses removing the last admin (409), even for a caller whose admin role was just taken away', async () => {
    const fresh = await createTestApp({ seed: false });
    try {
      const a = await signUpAdmin(fresh.app);
      const b = await signUp(fresh.app, { name: 'Former Admin' });
      // b's request passed requireAdmin, then b lost the role (a concurrent removal): a is the only admin left.
      const actor = { id: b.id, email: b.email, name: b.name, image: null, emailVerified: false, role: 'admin' as const };
      await expect(fresh.app.services.removeAccount(actor, a.id)).rejects.toMatchObject({ statusCode: 409, message: 'The last admin cannot be removed' });
      expect(await fresh.database.db.selectFrom('user').select('id').where('id', '=', a.id).execute()).toHaveLength(1);
    } finally {
      await fresh.close();
    }
  });

  it('two admins removing each other at once: exactly one removal happens', async () => {
    const fresh = await createTestApp({ seed: false });
    try {
      const a = await signUpAdmin(fresh.app);
      const b = await signUp(fresh.app);
      await fresh.database.db.updateTable('user').set({ role: 'admin' }).where('id', '=', b.id).execute();
      const [ra, rb] = await Promise.all([
        fresh.app.inject({ method: 'DELETE', url: `/api/user/${b.id}`, headers: { cookie: a.cookie } }),
        fresh.app.inject({ method: 'DELETE', url: `/api/user/${a.id}`, headers: { cookie: b.cookie } }),
      ]);
      const codes = [ra.statusCode, rb.statusCode].sort();
      expect(codes[0]).toBe(200);
      expect([401, 409]).toContain(codes[1]);
      const admins = await fresh.database.db.selectFrom('user').select('id').where('role', '=', 'admin').execute();
      expect(admins).toHaveLength(1);
    } finally {
      await fresh.close();
    }
  });
});
