import { REVIEWS_PER_ACCOUNT_MAX } from '@bulkparts/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../../src/db/migrations/index.js';
import { signUp, type SignedInUser } from '../helpers/factories.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

/** `POST /api/auth/update-user` takes the sign-up rules; reviews copy a bounded name and are capped per account. */
let t: TestApp;
let user: SignedInUser;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
  user = await signUp(t.app, { name: 'Original Name' });
});
afterAll(async () => t.close());

const update = (payload: unknown, cookie = user.cookie) =>
  t.app.inject({ method: 'POST', url: '/api/auth/update-user', headers: { cookie, 'content-type': 'application/json' }, payload: JSON.stringify(payload) });

const storedUser = () => t.database.db.selectFrom('user').select(['name', 'image', 'role']).where('id', '=', user.id).executeTakeFirstOrThrow();

describe('update-user input', () => {
  const bad: Array<[string, unknown]> = [
    ['name', { name: 'x'.repeat(1024 * 1024 - 100) }],
    ['name', { name: 'x'.repeat(81) }],
    ['name', { name: { a: 1 } }],
    ['name', { name: ['a'] }],
    ['name', { name: '   ' }],
    ['name', { name: 'Line\nbreak' }],
    ['image', { image: 'javascript:alert(1)' }],
    ['image', { image: 'data:image/png;base64,AAAA' }],
    ['image', { image: `https://example.com/${'a'.repeat(2000)}` }],
    ['image', { image: { a: 1 } }],
    ['image', { image: '/uploads/../../etc/passwd' }],
    ['role', { role: 'admin' }],
    ['emailVerified', { name: 'Fine Name', emailVerified: true }],
    ['email', { email: 'other@example.com' }],
  ];
  for (const [field, body] of bad) {
    it(`refuses ${JSON.stringify(body).slice(0, 50)} with a 400 naming ${field}`, async () => {
      const res = await update(body);
      expect(res.statusCode, res.body.slice(0, 200)).toBe(400);
      expect(res.json()).toMatchObject({ error: 'VALIDATION_FAILED' });
      expect(Object.keys(res.json().fields)).toContain(field);
      const row = await storedUser();
      expect(row).toMatchObject({ name: 'Original Name', image: null, role: 'customer' });
    });
  }

  it('refuses a body that is not an object', async () => {
    for (const body of [[1, 2], 'text', null]) {
      const res = await update(body);
      expect(res.statusCode).toBe(400);
    }
  });

  it('accepts a plain name, an https image and an uploaded image', async () => {
    let res = await update({ name: '  Jane Doe  ', image: 'https://example.com/me.png' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await storedUser()).toMatchObject({ name: 'Jane Doe', image: 'https://example.com/me.png' });
    res = await update({ image: `/uploads/${'a'.repeat(64)}.webp` });
    expect(res.statusCode, res.body).toBe(200);
    res = await update({ image: null });
    expect(res.statusCode, res.body).toBe(200);
    expect(await storedUser()).toMatchObject({ name: 'Jane Doe', image: null });
  });

  it('sign-up refuses a control character in the name too', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { email: 'ctl@example.com', name: 'a\u0007b', password: 'correct-horse-9' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty('name');
  });
});

describe('reviews', () => {
  const review = { designation: 'Buyer', description: 'Solid parts, shipped on time.', rating: 5 };

  it('copy a bounded name and drop an unsafe image saved before the check existed', async () => {
    const legacy = await signUp(t.app, { name: 'Legacy' });
    await t.database.db
      .updateTable('user')
      .set({ name: 'L'.repeat(10_000), image: 'javascript:alert(1)' })
      .where('id', '=', legacy.id)
      .execute();
    const res = await t.app.inject({ method: 'POST', url: '/api/review', headers: { cookie: legacy.cookie }, payload: review });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().name).toHaveLength(80);
    expect(res.json().img).toBeNull();
  });

  it(`are limited to ${REVIEWS_PER_ACCOUNT_MAX} per account (409 with a clear message)`, async () => {
    const writer = await signUp(t.app, { name: 'Prolific' });
    for (let i = 0; i < REVIEWS_PER_ACCOUNT_MAX; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/api/review', headers: { cookie: writer.cookie }, payload: review });
      expect(res.statusCode, res.body).toBe(201);
    }
    const res = await t.app.inject({ method: 'POST', url: '/api/review', headers: { cookie: writer.cookie }, payload: review });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: 'CONFLICT' });
    expect(res.json().message).toContain(String(REVIEWS_PER_ACCOUNT_MAX));
    // Another account is not affected.
    const other = await signUp(t.app, { name: 'Other' });
    expect((await t.app.inject({ method: 'POST', url: '/api/review', headers: { cookie: other.cookie }, payload: review })).statusCode).toBe(201);
  });
});

describe('migration 20261124100000', () => {
  it('bounds names and clears unsafe photos saved before the checks', async () => {
    const old = await signUp(t.app, { name: 'Before' });
    const db = t.database.db;
    await db
      .updateTable('user')
      .set({ name: 'N'.repeat(5000), image: 'javascript:alert(1)' })
      .where('id', '=', old.id)
      .execute();
    const ok = await signUp(t.app, { name: 'Fine' });
    await db.updateTable('user').set({ image: 'HTTPS://example.com/a.png' }).where('id', '=', ok.id).execute();
    const migration = migrations['20261124100000-uploads']!;
    await migration.down!(db as never);
    await migration.up(db as never);
    const rows = await db.selectFrom('user').select(['id', 'name', 'image']).where('id', 'in', [old.id, ok.id]).execute();
    const byId = Object.fromEntries(rows.map((r) => [r.id, r]));
    expect(byId[old.id]).toMatchObject({ name: 'N'.repeat(80), image: null });
    expect(byId[ok.id]).toMatchObject({ name: 'Fine', image: 'HTTPS://example.com/a.png' });
  });
});
