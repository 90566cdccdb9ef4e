import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieFrom, uniqueEmail } from '../helpers/factories.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

/**
 * Abuse limits counted in the database per address and per account. Each test uses its own
 * client address (X-Forwarded-For with TRUST_PROXY) so the counters do not mix.
 */
let t: TestApp;
let clientNo = 0;
const newClient = () => `198.51.100.${++clientNo}`;
beforeAll(async () => {
  t = await createTestApp({
    seed: false,
    env: { TRUST_PROXY: 'true' },
    rateLimits: { enabled: true, rules: { signUpsPerIp: { max: 3, windowSeconds: 3600 }, resetRequestsPerIp: { max: 6, windowSeconds: 3600 } } },
  });
});
afterAll(async () => t.close());

const post = (url: string, payload: unknown, ip: string, cookie?: string) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: { 'x-forwarded-for': ip, ...(cookie ? { cookie } : {}) } });
/** Each sign-up from its own address (sign-ups are limited per address here). */
async function signUp() {
  const email = uniqueEmail('rl');
  const password = 'correct-horse-9';
  const res = await post('/api/auth/sign-up/email', { name: 'Rate Limited', email, password }, newClient());
  expect(res.statusCode).toBe(200);
  // Sign-up opens no session; signing in does.
  const signIn = await post('/api/auth/sign-in/email', { email, password }, newClient());
  expect(signIn.statusCode).toBe(200);
  return { email, password, cookie: cookieFrom(signIn.headers['set-cookie']) };
}
const RATE_LIMITED = { error: 'RATE_LIMITED', message: 'Too many attempts, try again later' };

describe('failed sign-ins', () => {
  it('10 failures per account in 15 minutes, then 429 even with the right password', async () => {
    const user = await signUp();
    for (let i = 0; i < 10; i++) {
      // A new address each time: the account's limit, not the address's.
      expect((await post('/api/auth/sign-in/email', { email: user.email, password: 'wrong-password' }, newClient())).statusCode).toBe(401);
    }
    const blocked = await post('/api/auth/sign-in/email', { email: user.email.toUpperCase(), password: user.password }, newClient());
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual(RATE_LIMITED);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // The counter is in the database: shifting its window into the past lets the account in again.
    await t.database.db
      .updateTable('rate_limits')
      .set({ window_start: Date.now() - 16 * 60_000 })
      .execute();
    expect((await post('/api/auth/sign-in/email', { email: user.email, password: user.password }, newClient())).statusCode).toBe(200);
  });

  it('a good sign-in forgets the account failures', async () => {
    const user = await signUp();
    for (let i = 0; i < 9; i++) await post('/api/auth/sign-in/email', { email: user.email, password: 'wrong-password' }, newClient());
    expect((await post('/api/auth/sign-in/email', { email: user.email, password: user.password }, newClient())).statusCode).toBe(200);
    for (let i = 0; i < 9; i++)
      expect((await post('/api/auth/sign-in/email', { email: user.email, password: 'wrong-password' }, newClient())).statusCode).toBe(401);
  });

  it('30 failures per address across accounts, then 429 for any account from it', async () => {
    const ip = newClient();
    for (let i = 0; i < 30; i++) {
      expect((await post('/api/auth/sign-in/email', { email: uniqueEmail('spray'), password: 'wrong-password' }, ip)).statusCode).toBe(401);
    }
    const user = await signUp();
    expect((await post('/api/auth/sign-in/email', { email: user.email, password: user.password }, ip)).json()).toEqual(RATE_LIMITED);
    expect((await post('/api/auth/sign-in/email', { email: user.email, password: user.password }, newClient())).statusCode).toBe(200);
  });
});

describe('sign-ups, reset requests, verification mails', () => {
  it('limits sign-ups per address', async () => {
    const ip = newClient();
    for (let i = 0; i < 3; i++)
      expect((await post('/api/auth/sign-up/email', { name: 'N', email: uniqueEmail('su'), password: 'secret-pass-1' }, ip)).statusCode).toBe(200);
    const res = await post('/api/auth/sign-up/email', { name: 'N', email: uniqueEmail('su'), password: 'secret-pass-1' }, ip);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual(RATE_LIMITED);
  });

  it('limits reset requests per account, the same whether or not it exists', async () => {
    const user = await signUp();
    const ghost = uniqueEmail('ghost');
    for (const email of [user.email, ghost]) {
      const ip = newClient();
      for (let i = 0; i < 5; i++) expect((await post('/api/auth/request-password-reset', { email, redirectTo: '/reset-password' }, ip)).statusCode).toBe(200);
      expect((await post('/api/auth/request-password-reset', { email, redirectTo: '/reset-password' }, newClient())).json()).toEqual(RATE_LIMITED);
    }
  });

  it('limits reset requests per address', async () => {
    const ip = newClient();
    for (let i = 0; i < 6; i++) expect((await post('/api/auth/request-password-reset', { email: uniqueEmail('r') }, ip)).statusCode).toBe(200);
    expect((await post('/api/auth/request-password-reset', { email: uniqueEmail('r') }, ip)).statusCode).toBe(429);
  });

  it('limits verification mails per account', async () => {
    const user = await signUp();
    for (let i = 0; i < 5; i++) expect((await post('/api/auth/send-verification-email', { email: user.email }, newClient(), user.cookie)).statusCode).toBe(200);
    expect((await post('/api/auth/send-verification-email', { email: user.email }, newClient(), user.cookie)).statusCode).toBe(429);
  });
});

describe('second-factor code checks', () => {
  it('10 wrong codes from one address, then 429; the account locks after 10 wrong codes', async () => {
    const user = await signUp();
    const enable = await post('/api/auth/two-factor/enable', { password: user.password }, newClient(), user.cookie);
    const { totpURI } = enable.json() as { totpURI: string };
    const code = () => (OTPAuth.URI.parse(totpURI) as OTPAuth.TOTP).generate();
    expect((await post('/api/auth/two-factor/verify-totp', { code: code() }, newClient(), user.cookie)).statusCode).toBe(200);

    // A challenge allows 5 codes (better-auth); two challenges give 10 wrong codes from one address.
    const ip = newClient();
    const statuses: number[] = [];
    for (let round = 0; round < 2; round++) {
      const pending = cookieFrom((await post('/api/auth/sign-in/email', { email: user.email, password: user.password }, ip)).headers['set-cookie']);
      for (let i = 0; i < 5; i++) statuses.push((await post('/api/auth/two-factor/verify-totp', { code: '000000' }, ip, pending)).statusCode);
    }
    expect(statuses).toEqual(Array(10).fill(401));
    const pending = cookieFrom((await post('/api/auth/sign-in/email', { email: user.email, password: user.password }, ip)).headers['set-cookie']);
    expect((await post('/api/auth/two-factor/verify-totp', { code: code() }, ip, pending)).json()).toEqual(RATE_LIMITED);
    // From another address the account itself is locked now (better-auth's lockout, answered like ours).
    const other = newClient();
    const pending2 = cookieFrom((await post('/api/auth/sign-in/email', { email: user.email, password: user.password }, other)).headers['set-cookie']);
    const locked = await post('/api/auth/two-factor/verify-totp', { code: code() }, other, pending2);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual(RATE_LIMITED);
  });
});

describe("better-auth's sign-in burst guard per address", () => {
  it('counts good sign-ins too, and SIGNINS_PER_IP_PER_MINUTE sets it (a run of journeys from one address raises it)', async () => {
    const small = await createTestApp({ seed: false, env: { TRUST_PROXY: 'true', SIGNINS_PER_IP_PER_MINUTE: '3' }, rateLimits: { enabled: true } });
    try {
      const email = uniqueEmail('burst');
      const password = 'correct-horse-9';
      const at = (ip: string) => ({ 'x-forwarded-for': ip });
      expect(
        (
          await small.app.inject({
            method: 'POST',
            url: '/api/auth/sign-up/email',
            payload: { name: 'Bu Rst', email, password },
            headers: at('198.51.100.200'),
          })
        ).statusCode,
      ).toBe(200);
      const signIn = (ip: string) => small.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email, password }, headers: at(ip) });
      for (let i = 0; i < 3; i++) expect((await signIn('198.51.100.201')).statusCode).toBe(200);
      const refused = await signIn('198.51.100.201');
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual(RATE_LIMITED);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // Per address: another one still signs in.
      expect((await signIn('198.51.100.202')).statusCode).toBe(200);
    } finally {
      await small.close();
    }
  });
});
