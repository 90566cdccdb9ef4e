import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '@bulkparts/shared';
import { placeOrder, signUp, signUpAdmin, type SignedInUser } from '../helpers/factories.js';
import { createTestApp, engine, type TestApp } from '../helpers/test-app.js';
import { bearer, createKey } from './helpers.js';

let t: TestApp;
let admin: SignedInUser;
let buyer: SignedInUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpAdmin(t.app);
  buyer = await signUp(t.app);
});
afterAll(async () => t?.close());

describe(`GET /api/purchase?updatedSince (${engine})`, () => {
  it('lists only orders changed at or after the instant (an ERP’s incremental pull)', async () => {
    const old = await placeOrder(t.app, buyer);
    const changed = await placeOrder(t.app, buyer);
    // Back-date both, then change one: only that one is newer than the mark.
    await t.database.db.updateTable('orders').set({ updated_at: '2020-01-01T00:00:00.000Z' }).where('id', 'in', [old._id, changed._id]).execute();
    const mark = new Date().toISOString();
    const key = await createKey(t.app, admin, ['orders:read', 'orders:write']);
    const moved = await t.app.inject({ method: 'PATCH', url: `/api/purchase/${changed._id}`, headers: bearer(key), payload: { status: 'cancelled' } });
    expect(moved.statusCode, moved.body).toBe(200);

    const since = await t.app.inject({ url: `/api/purchase?limit=100&updatedSince=${encodeURIComponent(mark)}`, headers: bearer(key) });
    expect(since.statusCode, since.body).toBe(200);
    const ids = (since.json() as Order[]).map((o) => o._id);
    expect(ids).toContain(changed._id);
    expect(ids).not.toContain(old._id);
    expect(since.headers['x-total-count']).toBe(String(ids.length));

    // A date alone is midnight UTC; the buyer's own list filters the same way.
    const byDate = await t.app.inject({ url: '/api/purchase?limit=100&updatedSince=2020-01-01', headers: bearer(key) });
    expect((byDate.json() as Order[]).map((o) => o._id)).toEqual(expect.arrayContaining([old._id, changed._id]));
    const own = await t.app.inject({
      url: `/api/purchase?order=${encodeURIComponent(buyer.email)}&updatedSince=${encodeURIComponent(mark)}`,
      headers: { cookie: buyer.cookie },
    });
    expect((own.json() as Order[]).map((o) => o._id)).toEqual([changed._id]);
  });

  it('refuses a value that is not an ISO date by field', async () => {
    for (const value of ['yesterday', '2026-13-45', '1700000000']) {
      const res = await t.app.inject({ url: `/api/purchase?updatedSince=${value}`, headers: { cookie: admin.cookie } });
      expect(res.statusCode, value).toBe(400);
      expect(res.json()).toMatchObject({ fields: { updatedSince: expect.any(String) } });
    }
  });
});
