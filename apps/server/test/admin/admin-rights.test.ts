import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAdmin, signUp, signUpAdmin, type SignedInUser } from '../helpers/factories.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

/** `DELETE /api/user/admin/:email` takes admin rights back: at once, never one's own, never the last admin's. */
let t: TestApp;
let root: SignedInUser;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
  root = await signUpAdmin(t.app);
});
afterAll(async () => t.close());

const demote = (actor: SignedInUser, email: string) =>
  t.app.inject({ method: 'DELETE', url: `/api/user/admin/${encodeURIComponent(email)}`, headers: { cookie: actor.cookie } });
const overview = (actor: SignedInUser) => t.app.inject({ url: '/api/admin/overview', headers: { cookie: actor.cookie } });
const roleOf = async (id: string) => (await t.database.db.selectFrom('user').select('role').where('id', '=', id).executeTakeFirstOrThrow()).role;

describe('removing admin rights', () => {
  it('takes effect on the next request (no stale session cache), answers { modifiedCount }', async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    await makeAdmin(t, a.id);
    await makeAdmin(t, b.id);
    expect((await overview(b)).statusCode).toBe(200); // b's session is now cached as an admin
    const res = await demote(a, b.email);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ modifiedCount: 1 });
    expect(await roleOf(b.id)).toBe('customer');
    expect((await overview(b)).statusCode).toBe(403);
    // Already a customer: nothing changes.
    expect((await demote(a, b.email)).json()).toEqual({ modifiedCount: 0 });
  });

  it("refuses one's own rights (409), unknown users (404), customers and anonymous callers", async () => {
    const self = await demote(root, root.email);
    expect(self.statusCode).toBe(409);
    expect(self.json()).toMatchObject({ error: 'CONFLICT', message: 'You cannot remove your own admin rights' });
    expect((await demote(root, 'nobody@example.com')).statusCode).toBe(404);
    const customer = await signUp(t.app);
    expect((await demote(customer, root.email)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/user/admin/${encodeURIComponent(root.email)}` })).statusCode).toBe(401);
    expect(await roleOf(root.id)).toBe('admin');
  });

  it('refuses an ADMIN_EMAILS admin (signing in would make them admin again)', async () => {
    const other = await signUp(t.app);
    await makeAdmin(t, other.id);
    const res = await demote(other, root.email);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('ADMIN_EMAILS');
    expect(await roleOf(root.id)).toBe('admin');
  });

  it("keeps the last admin when two admins take each other's rights at the same time", async () => {
    const x = await signUp(t.app);
    const y = await signUp(t.app);
    // Only x and y are admins.
    await t.database.db.updateTable('user').set({ role: 'customer' }).execute();
    await makeAdmin(t, x.id);
    await makeAdmin(t, y.id);
    // Both sessions are cached as admins, so both requests pass the guard; the transaction decides.
    expect((await overview(x)).statusCode).toBe(200);
    expect((await overview(y)).statusCode).toBe(200);
    const [rx, ry] = await Promise.all([demote(x, y.email), demote(y, x.email)]);
    const statuses = [rx.statusCode, ry.statusCode].sort();
    expect(statuses).toEqual([200, 409]);
    const loser = rx.statusCode === 409 ? rx : ry;
    expect(loser.json().message).toBe('The last admin cannot lose admin rights');
    const admins = await t.database.db.selectFrom('user').select('id').where('role', '=', 'admin').execute();
    expect(admins).toHaveLength(1);
  });
});
