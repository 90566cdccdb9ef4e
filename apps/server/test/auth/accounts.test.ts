import { verifyPassword } from 'better-auth/crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieFrom, signUp, uniqueEmail } from '../helpers/factories.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { linkIn, pathOf, waitForMail } from './mail-helpers.js';

let t: TestApp;
beforeAll(async () => {
  // The one API test app with the production password hashing (the others use a cheap scrypt, ADR 0024).
  t = await createTestApp({ seed: false, env: { PUBLIC_URL: 'https://shop.example.com' }, productionPasswordHashing: true });
});
afterAll(async () => t.close());

const post = (url: string, payload: unknown, cookie?: string) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: { origin: 'https://shop.example.com', ...(cookie ? { cookie } : {}) } });
const session = async (cookie: string) =>
  (await t.app.inject({ url: '/api/auth/get-session', headers: { cookie } })).json() as {
    user: { email: string; emailVerified: boolean; name: string };
  } | null;
const sessionToken = (cookie: string) =>
  cookie.split('; ').find((c) => c.startsWith('__Secure-bulkparts.session_token=') || c.startsWith('bulkparts.session_token='));

describe('sign-up and email verification', () => {
  it("hashes with better-auth's own scrypt: the stored hash is its format and verifies only the password", async () => {
    const user = await signUp(t.app, { password: 'secret-pass-2' });
    const row = await t.database.db.selectFrom('account').select('password').where('userId', '=', user.id).executeTakeFirstOrThrow();
    expect(row.password).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(await verifyPassword({ hash: row.password!, password: 'secret-pass-2' })).toBe(true);
    expect(await verifyPassword({ hash: row.password!, password: 'secret-pass-3' })).toBe(false);
  });

  it('creates the account with its display name, mails a verification link built from PUBLIC_URL; sign-in opens the session', async () => {
    const email = uniqueEmail('new');
    const res = await post('/api/auth/sign-up/email', { name: 'Ada Buyer', email, password: 'secret-pass-1', callbackURL: '/verify-email?status=ok' });
    expect(res.statusCode).toBe(200);
    // Sign-up opens no session (its answer must not differ for a taken address).
    expect(cookieFrom(res.headers['set-cookie'])).not.toContain('session_token=');
    const signIn = await post('/api/auth/sign-in/email', { email, password: 'secret-pass-1' });
    const setCookie = ([] as string[]).concat(signIn.headers['set-cookie'] ?? []);
    const sessionCookie = setCookie.find((c) => c.includes('session_token='))!;
    expect(sessionCookie).toMatch(/HttpOnly/i);
    expect(sessionCookie).toMatch(/SameSite=Lax/i);
    expect(sessionCookie).toMatch(/Secure/); // PUBLIC_URL is https
    const cookie = cookieFrom(signIn.headers['set-cookie']);
    expect(await session(cookie)).toMatchObject({ user: { email, name: 'Ada Buyer', emailVerified: false } });

    const mail = await waitForMail(t, email, 'Confirm your email');
    expect(mail.html).toContain('<a href=');
    const link = linkIn(mail);
    expect(link.origin).toBe('https://shop.example.com');
    expect(link.pathname).toBe('/api/auth/verify-email');
    expect(link.searchParams.get('callbackURL')).toBe('/verify-email?status=ok');

    const verify = await t.app.inject({ url: pathOf(link) });
    expect(verify.statusCode).toBe(302);
    expect(verify.headers.location).toBe('/verify-email?status=ok');
    // The link proves the address only: it opens no session (account-safety.test.ts).
    expect(cookieFrom(verify.headers['set-cookie'])).not.toContain('session_token=');
    expect((await session(cookie))?.user.emailVerified).toBe(true);
  });

  it('sends the link to the web page even when the client names no callback', async () => {
    const email = uniqueEmail('nocb');
    await post('/api/auth/sign-up/email', { name: 'No Callback', email, password: 'secret-pass-1' });
    const link = linkIn(await waitForMail(t, email, 'Confirm your email'));
    expect(link.searchParams.get('callbackURL')).toBe('/verify-email?status=ok');
  });

  it('redirects a bad or used link to the page with an error', async () => {
    const res = await t.app.inject({ url: '/api/auth/verify-email?token=not-a-token&callbackURL=%2Fverify-email%3Fstatus%3Dok' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toMatch(/^\/verify-email\?status=ok&error=(INVALID_TOKEN|TOKEN_EXPIRED)$/);
  });

  it('resends the verification mail to a signed-in unverified user', async () => {
    const user = await signUp(t.app, { verified: false });
    const before = t.mail.length;
    const res = await post('/api/auth/send-verification-email', { email: user.email, callbackURL: '/verify-email?status=ok' }, user.cookie);
    expect(res.statusCode).toBe(200);
    const link = linkIn(await waitForMail(t, user.email, 'Confirm your email', before));
    const verify = await t.app.inject({ url: pathOf(link), headers: { cookie: user.cookie } });
    expect(verify.statusCode).toBe(302);
    expect((await session(user.cookie))?.user.emailVerified).toBe(true);
  });

  it('makes no second account with the same email (and says so only to its owner, by mail)', async () => {
    const user = await signUp(t.app);
    const res = await post('/api/auth/sign-up/email', { name: 'Again', email: user.email.toUpperCase(), password: 'secret-pass-1' });
    expect(res.statusCode).toBe(200);
    expect(await t.database.db.selectFrom('user').select('id').where('email', '=', user.email).execute()).toHaveLength(1);
    expect((await post('/api/auth/sign-in/email', { email: user.email, password: 'secret-pass-1' })).statusCode).toBe(401);
    await waitForMail(t, user.email, 'Someone tried to sign up');
  });
});

describe('sign-in and sign-out', () => {
  it('issues a new session id at each sign-in and revokes it on the server at sign-out', async () => {
    const user = await signUp(t.app);
    const a = await post('/api/auth/sign-in/email', { email: user.email, password: user.password });
    expect(a.statusCode).toBe(200);
    const b = await post('/api/auth/sign-in/email', { email: user.email, password: user.password }, cookieFrom(a.headers['set-cookie']));
    const cookieA = cookieFrom(a.headers['set-cookie']);
    const cookieB = cookieFrom(b.headers['set-cookie']);
    expect(sessionToken(cookieA)).toBeDefined();
    expect(sessionToken(cookieA)).not.toBe(sessionToken(cookieB));
    expect(sessionToken(cookieA)).not.toBe(sessionToken(user.cookie));

    const out = await post('/api/auth/sign-out', {}, cookieA);
    expect(out.statusCode).toBe(200);
    // The old cookie, replayed, no longer opens a session: it was revoked on the server.
    expect(await session(cookieA)).toBeNull();
    expect((await t.app.inject({ method: 'PUT', url: `/api/user/${user.email}`, headers: { cookie: cookieA } })).statusCode).toBe(401);
    expect(await session(cookieB)).not.toBeNull();
  });

  it('answers a wrong password and an unknown account alike', async () => {
    const user = await signUp(t.app);
    const wrong = await post('/api/auth/sign-in/email', { email: user.email, password: 'not-the-password' });
    const unknown = await post('/api/auth/sign-in/email', { email: uniqueEmail('ghost'), password: 'not-the-password' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
  });

  it('PUT /api/user/{email} after sign-in answers the role', async () => {
    const user = await signUp(t.app);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/user/${encodeURIComponent(user.email)}`,
      headers: { cookie: user.cookie },
      payload: { email: user.email },
    });
    expect(res.json()).toEqual({ role: 'customer' });
  });

  it('GET /api/auth-config says whether Google is configured, and the shop contact details', async () => {
    const res = await t.app.inject({ url: '/api/auth-config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      google: false,
      contact: { legalName: 'Bulkparts Ltd', address: '1 Industrial Way, Springfield', country: 'US', phone: '+1 555 0100', email: 'hello@bulkparts.local' },
    });
  });
});

describe('password reset', () => {
  it('answers the same whether or not the account exists (no enumeration)', async () => {
    const user = await signUp(t.app);
    const known = await post('/api/auth/request-password-reset', { email: user.email, redirectTo: '/reset-password' });
    const unknown = await post('/api/auth/request-password-reset', { email: uniqueEmail('nobody'), redirectTo: '/reset-password' });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
  });

  it('mails a link to the new-password page; the reset signs out every other session', async () => {
    const user = await signUp(t.app);
    const other = cookieFrom((await post('/api/auth/sign-in/email', { email: user.email, password: user.password })).headers['set-cookie']);
    const before = t.mail.length;
    await post('/api/auth/request-password-reset', { email: user.email, redirectTo: '/reset-password' });
    const mail = await waitForMail(t, user.email, 'Reset your bulkparts password', before);
    const link = linkIn(mail);
    expect(link.origin).toBe('https://shop.example.com');

    const landing = await t.app.inject({ url: pathOf(link) });
    expect(landing.statusCode).toBe(302);
    const page = new URL(landing.headers.location!, 'https://shop.example.com');
    expect(page.pathname).toBe('/reset-password');
    const token = page.searchParams.get('token')!;
    expect(token).toBeTruthy();

    expect((await post('/api/auth/reset-password', { newPassword: '123', token })).statusCode).toBe(400);
    const reset = await post('/api/auth/reset-password', { newPassword: 'brand-new-pass-2', token });
    expect(reset.statusCode).toBe(200);
    expect(await session(user.cookie)).toBeNull();
    expect(await session(other)).toBeNull();

    expect((await post('/api/auth/sign-in/email', { email: user.email, password: user.password })).statusCode).toBe(401);
    expect((await post('/api/auth/sign-in/email', { email: user.email, password: 'brand-new-pass-2' })).statusCode).toBe(200);
    // The token works once.
    expect((await post('/api/auth/reset-password', { newPassword: 'another-pass-3', token })).statusCode).toBe(400);
  });

  it('sends an expired or unknown reset link to the page with an error', async () => {
    const res = await t.app.inject({ url: '/api/auth/reset-password/bogus-token?callbackURL=%2Freset-password' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toContain('/reset-password?error=INVALID_TOKEN');
  });
});

describe('password change', () => {
  it('changes the password with the current one (the old one stops working) and can end the other sessions', async () => {
    const user = await signUp(t.app, { password: 'old-secret-pass-1' });
    const other = cookieFrom((await post('/api/auth/sign-in/email', { email: user.email, password: 'old-secret-pass-1' })).headers['set-cookie']);
    const wrong = await post('/api/auth/change-password', { currentPassword: 'not-my-password', newPassword: 'new-secret-pass-2' }, user.cookie);
    expect(wrong.statusCode).toBe(400);
    const res = await post(
      '/api/auth/change-password',
      { currentPassword: 'old-secret-pass-1', newPassword: 'new-secret-pass-2', revokeOtherSessions: true },
      user.cookie,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ user: { email: user.email } });
    expect(await session(other)).toBeNull();
    expect((await post('/api/auth/sign-in/email', { email: user.email, password: 'old-secret-pass-1' })).statusCode).toBe(401);
    expect((await post('/api/auth/sign-in/email', { email: user.email, password: 'new-secret-pass-2' })).statusCode).toBe(200);
  });
});
