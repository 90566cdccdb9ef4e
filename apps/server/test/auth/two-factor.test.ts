import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieFrom, signUp, type SignedInUser } from '../helpers/factories.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(async () => t.close());

const post = (url: string, payload: unknown, cookie?: string) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: cookie ? { cookie } : {} });
const session = async (cookie: string) =>
  (await t.app.inject({ url: '/api/auth/get-session', headers: { cookie } })).json() as { user: { email: string; twoFactorEnabled: boolean | null } } | null;

/** A code for the authenticator secret in `totpURI`, as an authenticator app would show it; `offset` steps (30 s) away from now. */
const codeFor = (totpURI: string, offset = 0) => {
  const totp = OTPAuth.URI.parse(totpURI) as OTPAuth.TOTP;
  return totp.generate({ timestamp: Date.now() + offset * totp.period * 1000 });
};

async function enrol(user: SignedInUser) {
  const enable = await post('/api/auth/two-factor/enable', { password: user.password }, user.cookie);
  expect(enable.statusCode).toBe(200);
  const body = enable.json() as { totpURI: string; backupCodes: string[] };
  const verify = await post('/api/auth/two-factor/verify-totp', { code: codeFor(body.totpURI) }, user.cookie);
  expect(verify.statusCode).toBe(200);
  // Enabling replaces the session (the old cookie is revoked); keep the new one.
  user.cookie = cookieFrom(verify.headers['set-cookie']);
  return body;
}

describe('two-factor (TOTP)', () => {
  it('enrols with the password: a totpURI and backup codes; a code from the app finishes enrolment', async () => {
    const user = await signUp(t.app);
    expect((await post('/api/auth/two-factor/enable', { password: 'wrong-password' }, user.cookie)).statusCode).toBeGreaterThanOrEqual(400);
    const enable = await post('/api/auth/two-factor/enable', { password: user.password }, user.cookie);
    expect(enable.statusCode).toBe(200);
    const { totpURI, backupCodes } = enable.json() as { totpURI: string; backupCodes: string[] };
    expect(totpURI).toMatch(/^otpauth:\/\/totp\/bulkparts:.+secret=/);
    expect(backupCodes).toHaveLength(10);
    // Not enabled until a code confirms the app has the key.
    expect((await session(user.cookie))?.user.twoFactorEnabled).toBeFalsy();
    expect((await post('/api/auth/two-factor/verify-totp', { code: '000000' }, user.cookie)).statusCode).toBe(401);
    const verify = await post('/api/auth/two-factor/verify-totp', { code: codeFor(totpURI) }, user.cookie);
    expect(verify.statusCode).toBe(200);
    expect((await session(cookieFrom(verify.headers['set-cookie'])))?.user.twoFactorEnabled).toBe(true);
  });

  it('sign-in then asks for a code (twoFactorRedirect, no session) and verify-totp completes it', async () => {
    const user = await signUp(t.app);
    const { totpURI } = await enrol(user);
    const signIn = await post('/api/auth/sign-in/email', { email: user.email, password: user.password });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json()).toMatchObject({ twoFactorRedirect: true });
    const pending = cookieFrom(signIn.headers['set-cookie']);
    expect(await session(pending)).toBeNull();

    expect((await post('/api/auth/two-factor/verify-totp', { code: '123456' }, pending)).statusCode).toBe(401);
    const verify = await post('/api/auth/two-factor/verify-totp', { code: codeFor(totpURI) }, pending);
    expect(verify.statusCode).toBe(200);
    const cookie = cookieFrom(verify.headers['set-cookie']);
    expect((await session(cookie))?.user.email).toBe(user.email);
    // Without the pending sign-in cookie a code opens nothing.
    expect((await post('/api/auth/two-factor/verify-totp', { code: codeFor(totpURI) })).statusCode).toBeGreaterThanOrEqual(400);
  });

  it('a backup code works once instead of the app', async () => {
    const user = await signUp(t.app);
    const { backupCodes } = await enrol(user);
    const pending = cookieFrom((await post('/api/auth/sign-in/email', { email: user.email, password: user.password })).headers['set-cookie']);
    const ok = await post('/api/auth/two-factor/verify-backup-code', { code: backupCodes[0] }, pending);
    expect(ok.statusCode).toBe(200);
    expect(await session(cookieFrom(ok.headers['set-cookie']))).not.toBeNull();
    const again = cookieFrom((await post('/api/auth/sign-in/email', { email: user.email, password: user.password })).headers['set-cookie']);
    expect((await post('/api/auth/two-factor/verify-backup-code', { code: backupCodes[0] }, again)).statusCode).toBe(401);
  });

  it('disables with the password; sign-in then needs no code', async () => {
    const user = await signUp(t.app);
    await enrol(user);
    expect((await post('/api/auth/two-factor/disable', { password: 'wrong-password' }, user.cookie)).statusCode).toBeGreaterThanOrEqual(400);
    const off = await post('/api/auth/two-factor/disable', { password: user.password }, user.cookie);
    expect(off.statusCode).toBe(200);
    const signIn = await post('/api/auth/sign-in/email', { email: user.email, password: user.password });
    expect(signIn.json()).not.toHaveProperty('twoFactorRedirect');
    expect(await session(cookieFrom(signIn.headers['set-cookie']))).not.toBeNull();
  });
});
