import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Review } from '@bulkparts/shared';
import { signUp, signUpAdmin, type SignedInUser } from '../helpers/factories.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let buyer: SignedInUser;
let admin: SignedInUser;
beforeAll(async () => {
  t = await createTestApp();
  buyer = await signUp(t.app, { name: 'Rita Buyer' });
  admin = await signUpAdmin(t.app);
});
afterAll(async () => t.close());

const valid = { designation: 'Buyer, Acme Tools', description: 'Great bolts, delivered on time.', rating: 5 };

describe('reviews', () => {
  it('lists seeded reviews publicly, newest first, paginated', async () => {
    const res = await t.app.inject({ url: '/api/review?limit=3' });
    expect(res.statusCode).toBe(200);
    const list = res.json() as Review[];
    expect(list).toHaveLength(3);
    expect(Number(res.headers['x-total-count'])).toBeGreaterThanOrEqual(6);
    expect([...list].sort((a, b) => b.createdAt.localeCompare(a.createdAt))).toEqual(list);
  });

  it('takes the author from the session, ignores forged names, and stores text as-is', async () => {
    const payload = { ...valid, description: '<img src=x onerror=alert(1)> works well', name: 'Forged', img: 'https://evil.test/x.png' };
    const res = await t.app.inject({ method: 'POST', url: '/api/review', headers: { cookie: buyer.cookie }, payload });
    expect(res.statusCode).toBe(201);
    const review = res.json() as Review;
    expect(review).toMatchObject({ name: 'Rita Buyer', img: null, description: payload.description, rating: 5 });
    const first = ((await t.app.inject({ url: '/api/review?limit=1' })).json() as Review[])[0]!;
    expect(first._id).toBe(review._id);
  });

  it('refuses anonymous authors', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/review', payload: valid })).statusCode).toBe(401);
  });

  it.each([
    [{ ...valid, designation: '' }, 'designation'],
    [{ ...valid, description: 'short' }, 'description'],
    [{ ...valid, description: 'x'.repeat(501) }, 'description'],
    [{ ...valid, rating: 6 }, 'rating'],
    [{ ...valid, rating: 2.5 }, 'rating'],
    [{ ...valid, rating: '5' }, 'rating'],
  ])('refuses bad input %# with a field message', async (payload, field) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/review', headers: { cookie: buyer.cookie }, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty(field);
  });

  it('lets only admins delete', async () => {
    const created = (await t.app.inject({ method: 'POST', url: '/api/review', headers: { cookie: buyer.cookie }, payload: valid })).json() as Review;
    expect((await t.app.inject({ method: 'DELETE', url: `/api/review/${created._id}`, headers: { cookie: buyer.cookie } })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/review/${created._id}`, headers: { cookie: admin.cookie } })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/review/${created._id}`, headers: { cookie: admin.cookie } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/review/nope', headers: { cookie: admin.cookie } })).statusCode).toBe(404);
  });
});
