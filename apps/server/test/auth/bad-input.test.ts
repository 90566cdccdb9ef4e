import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type SignedInUser } from '../helpers/factories.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

/** Missing fields, huge strings and wrong types answer 4xx JSON on every auth endpoint, never 5xx. */
let t: TestApp;
let user: SignedInUser;
beforeAll(async () => {
  t = await createTestApp({ seed: false, rateLimits: { enabled: true } });
  user = await signUp(t.app);
});
afterAll(async () => t.close());

const huge = 'x'.repeat(200_000);
const bodies: unknown[] = [
  {},
  { password: 'secret-pass-1' },
  { email: 42, password: ['x'], name: { a: 1 } },
  { email: null, password: null, name: null },
  { email: `${huge}@example.com`, password: huge, name: huge },
  { email: 'not-an-email', password: 'secret-pass-1', name: 'N' },
  [1, 2, 3],
  'just a string',
  { code: huge, token: huge, newPassword: huge, callbackURL: huge, redirectTo: 'https://evil.example.com/' },
  { provider: 'facebook', callbackURL: 'https://evil.example.com/' },
];
const endpoints = [
  '/api/auth/sign-up/email',
  '/api/auth/sign-in/email',
  '/api/auth/sign-in/social',
  '/api/auth/request-password-reset',
  '/api/auth/reset-password',
  '/api/auth/send-verification-email',
  '/api/auth/two-factor/enable',
  '/api/auth/two-factor/verify-totp',
  '/api/auth/two-factor/verify-backup-code',
  '/api/auth/two-factor/disable',
];

describe('bad input on auth endpoints', () => {
  for (const url of endpoints) {
    it(`POST ${url} answers 4xx JSON`, async () => {
      for (const cookie of [undefined, user.cookie]) {
        for (const body of bodies) {
          const res = await t.app.inject({
            method: 'POST',
            url,
            payload: JSON.stringify(body),
            headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
          });
          const label = `${url} ${JSON.stringify(body).slice(0, 60)} → ${res.statusCode} ${res.body.slice(0, 120)}`;
          expect(res.statusCode, label).toBeGreaterThanOrEqual(400);
          expect(res.statusCode, label).toBeLessThan(500);
          expect(res.headers['content-type'], label).toMatch(/json/);
          expect(() => res.json(), label).not.toThrow();
        }
      }
    });
  }

  it('invalid JSON and a wrong content type answer 4xx JSON', async () => {
    for (const [payload, type] of [
      ['{"email":', 'application/json'],
      ['email=a@b.co&password=x', 'application/x-www-form-urlencoded'],
      ['<xml/>', 'application/xml'],
    ]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload, headers: { 'content-type': type } });
      expect(res.statusCode, `${type} → ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(() => res.json()).not.toThrow();
    }
  });

  // PostgreSQL cannot hold U+0000: bodies and queries no schema of ours reads (better-auth takes
  // `token` straight into a query) must be refused with a 400 naming the field, not a 500.
  it('a NUL anywhere in a better-auth body or query is a 400 naming the field, on every engine', async () => {
    const revoke = await t.app.inject({ method: 'POST', url: '/api/auth/revoke-session', headers: { cookie: user.cookie }, payload: { token: '\u0000' } });
    expect(revoke.statusCode, revoke.body).toBe(400);
    expect(revoke.json()).toMatchObject({ error: 'VALIDATION_FAILED', fields: { token: expect.any(String) } });
    const verify = await t.app.inject({ url: '/api/auth/verify-email?token=%00' });
    expect(verify.statusCode, verify.body).toBe(400);
    expect(verify.json()).toMatchObject({ fields: { token: expect.any(String) } });
  });

  it('a verify link with garbage answers 4xx or a redirect, never 5xx', async () => {
    for (const url of [
      '/api/auth/verify-email',
      `/api/auth/verify-email?token=${'a'.repeat(5000)}`,
      '/api/auth/reset-password/x',
      '/api/auth/callback/google',
      '/api/auth/nope',
    ]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, `${url} → ${res.statusCode} ${res.body.slice(0, 100)}`).toBeGreaterThanOrEqual(300);
      expect(res.statusCode).toBeLessThan(500);
    }
  });
});
