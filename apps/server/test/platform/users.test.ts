import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, signUpAdmin, type SignedInUser } from '../helpers/factories.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let buyer: SignedInUser;
let admin: SignedInUser;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
  buyer = await signUp(t.app);
  admin = await signUpAdmin(t.app);
});
afterAll(async () => t.close());

describe('PUT /api/user/:email and GET /api/admin/:email', () => {
  it('answers the signed-in user their role', async () => {
    const res = await t.app.inject({ method: 'PUT', url: `/api/user/${buyer.email}`, headers: { cookie: buyer.cookie }, payload: { email: buyer.email } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ role: 'customer' });
  });

  it('refuses another email with 403 and anonymous callers with 401', async () => {
    expect((await t.app.inject({ method: 'PUT', url: `/api/user/${admin.email}`, headers: { cookie: buyer.cookie } })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'PUT', url: `/api/user/${buyer.email}` })).statusCode).toBe(401);
  });

  it('makes ADMIN_EMAILS admins and lets admins ask about others', async () => {
    expect((await t.app.inject({ url: `/api/admin/${admin.email}`, headers: { cookie: admin.cookie } })).json()).toEqual({ admin: true });
    expect((await t.app.inject({ url: `/api/admin/${buyer.email}`, headers: { cookie: admin.cookie } })).json()).toEqual({ admin: false });
    expect((await t.app.inject({ url: `/api/admin/${buyer.email}`, headers: { cookie: buyer.cookie } })).json()).toEqual({ admin: false });
    expect((await t.app.inject({ url: `/api/admin/${admin.email}`, headers: { cookie: buyer.cookie } })).statusCode).toBe(403);
  });
});
