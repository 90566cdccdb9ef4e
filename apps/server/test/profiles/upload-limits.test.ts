import { randomBytes } from 'node:crypto';
import { UPLOAD_QUOTA_BYTES, UPLOAD_QUOTA_FILES, UPLOADS_PER_HOUR } from '@bulkparts/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, signUpAdmin, type SignedInUser } from '../helpers/factories.js';
import { multipartFile, PNG_BYTES } from '../helpers/multipart.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

/** Uploads: a replaced photo is deleted, unused files are swept, customers have a quota, everyone a rate. */
let t: TestApp;
let admin: SignedInUser;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
  admin = await signUpAdmin(t.app);
});
afterAll(async () => t.close());

/** A distinct valid PNG each call (the key is the content's hash). */
const png = () => Buffer.concat([PNG_BYTES, randomBytes(16)]);
const upload = (app: TestApp['app'], user: SignedInUser, url = '/api/profile/photo', bytes: Buffer = png()) => {
  const { payload, headers } = multipartFile(bytes, 'p.png', 'image/png');
  return app.inject({ method: 'POST', url, payload, headers: { ...headers, cookie: user.cookie } });
};
const photoOf = async (app: TestApp['app'], user: SignedInUser) => {
  const res = await upload(app, user);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().photoURL as string;
};
const served = async (url: string) => (await t.app.inject({ url })).statusCode;
const rowsFor = (key: string) => t.database.db.selectFrom('uploads').selectAll().where('key', '=', key).execute();
const keyOf = (url: string) => url.slice('/uploads/'.length);

describe('profile photos', () => {
  it('a replaced photo is deleted, with its record', async () => {
    const buyer = await signUp(t.app);
    const first = await photoOf(t.app, buyer);
    expect(await served(first)).toBe(200);
    expect(await rowsFor(keyOf(first))).toHaveLength(1);
    const second = await photoOf(t.app, buyer);
    expect(await served(second)).toBe(200);
    expect(await served(first)).toBe(404);
    expect(await rowsFor(keyOf(first))).toEqual([]);
  });

  it('a replaced photo that a review still shows stays', async () => {
    const buyer = await signUp(t.app);
    const first = await photoOf(t.app, buyer);
    const review = await t.app.inject({
      method: 'POST',
      url: '/api/review',
      headers: { cookie: buyer.cookie },
      payload: { designation: 'Buyer', description: 'Good parts, fast delivery.', rating: 5 },
    });
    expect(review.json().img).toBe(first);
    await photoOf(t.app, buyer);
    expect(await served(first)).toBe(200);
  });

  it(`customers keep at most ${UPLOAD_QUOTA_FILES} files or ${UPLOAD_QUOTA_BYTES / 1024 / 1024} MB (409), admins have no file quota`, async () => {
    const buyer = await signUp(t.app);
    const now = new Date().toISOString();
    const filler = (n: number, bytes: number) =>
      Array.from({ length: n }, (_, i) => ({ user_id: buyer.id, key: `${String(i).padStart(64, '0')}.png`, bytes, created_at: now }));
    await t.database.db
      .insertInto('uploads')
      .values(filler(UPLOAD_QUOTA_FILES - 1, 10))
      .execute();
    const last = await photoOf(t.app, buyer);
    const refused = await upload(t.app, buyer);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: 'CONFLICT' });
    expect(refused.json().message).toMatch(/upload quota/);
    // The same file again takes no more room.
    const again = await upload(t.app, buyer, '/api/profile/photo', (await t.app.inject({ url: last })).rawPayload);
    expect(again.statusCode, again.body).toBe(200);

    const big = await signUp(t.app);
    await t.database.db
      .insertInto('uploads')
      .values({ user_id: big.id, key: `${'f'.repeat(64)}.png`, bytes: UPLOAD_QUOTA_BYTES - 10, created_at: now })
      .execute();
    expect((await upload(t.app, big)).statusCode).toBe(409);

    await t.database.db
      .insertInto('uploads')
      .values(
        Array.from({ length: UPLOAD_QUOTA_FILES + 5 }, (_, i) => ({
          user_id: admin.id,
          key: `${String(i).padStart(64, 'a')}.png`,
          bytes: 10,
          created_at: now,
        })),
      )
      .execute();
    expect((await upload(t.app, admin, '/api/uploads')).statusCode).toBe(201);
  });
});

describe('the sweep', () => {
  it('deletes uploads nothing shows after the grace period, keeps those a product shows', async () => {
    const unused = (await upload(t.app, admin, '/api/uploads')).json().url as string;
    const used = (await upload(t.app, admin, '/api/uploads')).json().url as string;
    const product = await t.app.inject({
      method: 'POST',
      url: '/api/service',
      headers: { cookie: admin.cookie },
      payload: { sku: 'SWEPT-BOLT', name: 'Swept Bolt', description: '', price: 1, minimumOrderQuantity: 50, availableQuantity: 100, img: used },
    });
    expect(product.statusCode, product.body).toBe(201);
    // Still within the grace period: nothing goes.
    expect(await t.app.services.uploads.sweep(new Date(Date.now() - 60_000).toISOString())).toBe(0);
    expect(await served(unused)).toBe(200);
    const removed = await t.app.services.uploads.sweep(new Date(Date.now() + 60_000).toISOString());
    expect(removed).toBeGreaterThanOrEqual(1);
    expect(await served(unused)).toBe(404);
    expect(await served(used)).toBe(200);
  });
});

describe('upload rate', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ seed: false, rateLimits: { enabled: true } });
  });
  afterAll(async () => limited.close());

  it(`allows ${UPLOADS_PER_HOUR} uploads an hour per account, then 429`, async () => {
    const buyer = await signUp(limited.app);
    for (let i = 0; i < UPLOADS_PER_HOUR; i++) {
      const res = await upload(limited.app, buyer);
      expect(res.statusCode, `${i}: ${res.body}`).toBe(200);
    }
    const refused = await upload(limited.app, buyer);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: 'RATE_LIMITED' });
    // Another account is not affected.
    expect((await upload(limited.app, await signUp(limited.app))).statusCode).toBe(200);
  });
});
