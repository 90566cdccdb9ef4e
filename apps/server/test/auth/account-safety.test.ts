import * as OTPAuth from 'otpauth';
import { MESSAGES } from '@bulkparts/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKUP_CODE_ALPHABET, generateBackupCodes } from '../../src/modules/auth/auth.js';
import { cookieFrom, productWithStock, signUp, uniqueEmail, type SignedInUser } from '../helpers/factories.js';
import { ADMIN_EMAIL, createTestApp, engine, type TestApp } from '../helpers/test-app.js';
import { linkIn, pathOf, waitForMail } from './mail-helpers.js';

/**
 * Account safety with every limit on (ours and better-auth's burst guard), as in production. Each
 * test speaks from its own client addresses (X-Forwarded-For with TRUST_PROXY).
 */
let t: TestApp;
let clientNo = 0;
const newClient = () => {
  clientNo++;
  return `10.${Math.floor(clientNo / 250)}.${clientNo % 250}.7`;
};
beforeAll(async () => {
  t = await createTestApp({ env: { TRUST_PROXY: 'true' }, rateLimits: { enabled: true } });
});
afterAll(async () => t?.close());

const post = (url: string, payload: unknown, ip: string, cookie?: string) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: { 'x-forwarded-for': ip, ...(cookie ? { cookie } : {}) } });
const get = (url: string, ip: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url, headers: { 'x-forwarded-for': ip, ...(cookie ? { cookie } : {}) } });
const session = async (cookie: string) =>
  (await get('/api/auth/get-session', newClient(), cookie)).json() as { user: { email: string; emailVerified: boolean; role: string } } | null;
const signIn = async (email: string, password: string, ip = newClient()) =>
  cookieFrom((await post('/api/auth/sign-in/email', { email, password }, ip)).headers['set-cookie']);
const RATE_LIMITED = { error: 'RATE_LIMITED', message: MESSAGES.tooManyAttempts };

async function enrolTwoFactor(user: SignedInUser) {
  const enable = await post('/api/auth/two-factor/enable', { password: user.password }, newClient(), user.cookie);
  expect(enable.statusCode).toBe(200);
  const body = enable.json() as { totpURI: string; backupCodes: string[] };
  const code = (OTPAuth.URI.parse(body.totpURI) as OTPAuth.TOTP).generate();
  const verify = await post('/api/auth/two-factor/verify-totp', { code }, newClient(), user.cookie);
  expect(verify.statusCode).toBe(200);
  user.cookie = cookieFrom(verify.headers['set-cookie']);
  return body;
}

describe('session reads are never limited per address (12.2)', () => {
  it('300 session checks from one address, then the buyer is still signed in', async () => {
    // better-auth's burst guard is on in this app: 100 calls a minute to another path are refused.
    const burst = newClient();
    const ok: number[] = [];
    for (let i = 0; i < 101; i++) ok.push((await get('/api/auth/ok', burst)).statusCode);
    expect(ok.at(-1)).toBe(429);

    const buyer = await signUp(t.app);
    const office = newClient();
    const statuses = new Set<number>();
    for (let i = 0; i < 300; i++) statuses.add((await get('/api/auth/get-session', office, i % 2 ? buyer.cookie : undefined)).statusCode);
    expect([...statuses]).toEqual([200]);
    const after = await get('/api/auth/get-session', office, buyer.cookie);
    expect(after.statusCode).toBe(200);
    expect(after.json()).toMatchObject({ user: { email: buyer.email } });
    expect((await get(`/api/purchase?order=${encodeURIComponent(buyer.email)}`, office, buyer.cookie)).statusCode).toBe(200);
    // Signing in again from that address still opens a session.
    const again = await post('/api/auth/sign-in/email', { email: buyer.email, password: buyer.password }, office);
    expect(again.statusCode).toBe(200);
    expect(await session(cookieFrom(again.headers['set-cookie']))).toMatchObject({ user: { email: buyer.email } });
  });
});

describe('orders wait for a confirmed email (12.6)', () => {
  it('POST /api/purchase and its pay route answer 403 until the address is confirmed', async () => {
    const buyer = await signUp(t.app, { verified: false });
    const product = await productWithStock(t.app, 100);
    const refused = await post('/api/purchase', { productId: product._id, quantity: 100 }, newClient(), buyer.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: 'EMAIL_NOT_VERIFIED', message: 'Confirm your email address before ordering' });

    // The mailed link confirms it; the same session may then order.
    const before = t.mail.length;
    expect((await post('/api/auth/send-verification-email', { email: buyer.email }, newClient(), buyer.cookie)).statusCode).toBe(200);
    const link = linkIn(await waitForMail(t, buyer.email, 'Confirm your email', before));
    expect((await get(pathOf(link), newClient())).statusCode).toBe(302);
    await new Promise((r) => setTimeout(r, 1100)); // the 1 s session cache
    const order = await post('/api/purchase', { productId: product._id, quantity: 100 }, newClient(), buyer.cookie);
    expect(order.statusCode).toBe(201);

    // Paying needs it too (an address that is no longer confirmed cannot pay).
    await t.database.db
      .updateTable('user')
      .set({ emailVerified: (engine === 'postgres' ? false : 0) as never })
      .where('id', '=', buyer.id)
      .execute();
    const fresh = await signIn(buyer.email, buyer.password);
    const pay = await post(
      `/api/purchase/${(order.json() as { _id: string })._id}/pay`,
      { cardNumber: '4242424242424242', expiry: '12/40', cvc: '123' },
      newClient(),
      fresh,
    );
    expect(pay.statusCode).toBe(403);
    expect(pay.json()).toMatchObject({ error: 'EMAIL_NOT_VERIFIED' });
  });
});

describe('ADMIN_EMAILS (13.2)', () => {
  it('an admin address is a customer until verified, an admin while verified', async () => {
    const res = await post('/api/auth/sign-up/email', { name: 'Not Yet Admin', email: ADMIN_EMAIL, password: 'correct-horse-9' }, newClient());
    expect(res.statusCode).toBe(200);
    const cookie = await signIn(ADMIN_EMAIL, 'correct-horse-9');
    expect((await session(cookie))?.user.role).toBe('customer');
    expect((await get('/api/user', newClient(), cookie)).statusCode).toBe(403);

    const link = linkIn(await waitForMail(t, ADMIN_EMAIL, 'Confirm your email'));
    expect((await get(pathOf(link), newClient())).statusCode).toBe(302);
    const admin = await signIn(ADMIN_EMAIL, 'correct-horse-9');
    expect((await session(admin))?.user).toMatchObject({ role: 'admin', emailVerified: true });
    expect((await get('/api/user', newClient(), admin)).statusCode).toBe(200);

    // No longer verified (say, an older version promoted it at sign-up): a customer again at sign-in.
    await t.database.db
      .updateTable('user')
      .set({ emailVerified: (engine === 'postgres' ? false : 0) as never })
      .where('email', '=', ADMIN_EMAIL)
      .execute();
    expect((await session(await signIn(ADMIN_EMAIL, 'correct-horse-9')))?.user.role).toBe('customer');
  });
});

describe('verification links (13.5)', () => {
  it('sign nobody in, not even a two-factor account; the page then says to sign in', async () => {
    const user = await signUp(t.app, { verified: false });
    await enrolTwoFactor(user);
    const before = t.mail.length;
    expect((await post('/api/auth/send-verification-email', { email: user.email }, newClient())).statusCode).toBe(200);
    const link = linkIn(await waitForMail(t, user.email, 'Confirm your email', before));
    const landing = await get(pathOf(link), newClient());
    expect(landing.statusCode).toBe(302);
    expect(landing.headers.location).toBe('/verify-email?status=ok');
    expect(cookieFrom(landing.headers['set-cookie'])).not.toContain('session_token=');
    const row = await t.database.db.selectFrom('user').select('emailVerified').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(Boolean(row.emailVerified)).toBe(true);
    // Signing in still asks for the second factor.
    expect((await post('/api/auth/sign-in/email', { email: user.email, password: user.password }, newClient())).json()).toMatchObject({
      twoFactorRedirect: true,
    });
  });
});

describe('password guesses (13.10, 13.11)', () => {
  it('100 parallel wrong passwords for one account: at most 10 reach the password check', async () => {
    const user = await signUp(t.app);
    const statuses = await Promise.all(
      Array.from({ length: 100 }, () =>
        post('/api/auth/sign-in/email', { email: user.email, password: 'wrong-password' }, newClient()).then((r) => r.statusCode),
      ),
    );
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(10);
    expect(statuses.filter((s) => s === 401).length).toBeGreaterThan(0);
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
    expect((await post('/api/auth/sign-in/email', { email: user.email, password: user.password }, newClient())).json()).toEqual(RATE_LIMITED);
  });

  it('100 parallel wrong passwords from one address: at most 30 reach the password check', async () => {
    const ip = newClient();
    const statuses = await Promise.all(
      Array.from({ length: 100 }, () =>
        post('/api/auth/sign-in/email', { email: uniqueEmail('spray'), password: 'wrong-password' }, ip).then((r) => r.statusCode),
      ),
    );
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(30);
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
  });

  it('a right password gives its counted attempt back', async () => {
    const user = await signUp(t.app);
    const ip = newClient();
    for (let i = 0; i < 40; i++) expect((await post('/api/auth/sign-in/email', { email: user.email, password: user.password }, ip)).statusCode).toBe(200);
  });

  for (const path of ['/verify-password', '/two-factor/get-totp-uri', '/two-factor/generate-backup-codes']) {
    it(`${path} counts wrong passwords like sign-ins (per account and address)`, async () => {
      const user = await signUp(t.app);
      await enrolTwoFactor(user);
      expect((await post(`/api/auth${path}`, { password: user.password }, newClient(), user.cookie)).statusCode).toBe(200);
      for (let i = 0; i < 10; i++) {
        // An email in the body changes nothing: behind a session the account counted is the session's.
        const wrong = await post(`/api/auth${path}`, { password: 'wrong-password', email: uniqueEmail('decoy') }, newClient(), user.cookie);
        expect([400, 401]).toContain(wrong.statusCode);
      }
      const blocked = await post(`/api/auth${path}`, { password: user.password }, newClient(), user.cookie);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual(RATE_LIMITED);
      // The account's sign-in is blocked too: it is the same password being guessed.
      expect((await post('/api/auth/sign-in/email', { email: user.email, password: user.password }, newClient())).json()).toEqual(RATE_LIMITED);
    });
  }
});

describe('sign-up does not reveal accounts (13.12) and mail carries no names (13.19)', () => {
  it('answers the same for a taken and a new address, and mails the owner of the taken one', async () => {
    const owner = await signUp(t.app);
    const lure = 'Prize desk: call +1 555 0100 now';
    const taken = await post('/api/auth/sign-up/email', { name: lure, email: owner.email.toUpperCase(), password: 'another-pass-1' }, newClient());
    const freshEmail = uniqueEmail('fresh');
    const fresh = await post('/api/auth/sign-up/email', { name: lure, email: freshEmail, password: 'another-pass-1' }, newClient());
    expect(taken.statusCode).toBe(200);
    expect(fresh.statusCode).toBe(200);
    const a = taken.json() as { token: unknown; user: Record<string, unknown> };
    const b = fresh.json() as { token: unknown; user: Record<string, unknown> };
    expect(Object.keys(a).sort()).toEqual(Object.keys(b).sort());
    expect(Object.keys(a.user).sort()).toEqual(Object.keys(b.user).sort());
    expect(a.token).toBeNull();
    expect(b.token).toBeNull();
    expect(a.user.id).not.toBe(owner.id);
    for (const res of [taken, fresh]) expect(cookieFrom(res.headers['set-cookie'])).not.toContain('session_token=');

    const notice = await waitForMail(t, owner.email, 'Someone tried to sign up');
    expect(notice.text).toMatch(/sign in/i);
    expect(notice.text).toMatch(/reset/i);
    const confirm = await waitForMail(t, freshEmail, 'Confirm your email');
    for (const mail of [notice, confirm]) {
      expect(mail.text).not.toContain('Prize desk');
      expect(mail.html).not.toContain('Prize desk');
    }
  });

  it('keeps the name out of the reset mail', async () => {
    const user = await signUp(t.app, { name: 'Visit evil.example.com' });
    const before = t.mail.length;
    await post('/api/auth/request-password-reset', { email: user.email, redirectTo: '/reset-password' }, newClient());
    const mail = await waitForMail(t, user.email, 'Reset your bulkparts password', before);
    expect(mail.text).not.toContain('evil.example');
    expect(mail.html).not.toContain('evil.example');
  });
});

describe('backup codes', () => {
  it('use no look-alike characters (0/O, 1/I/l)', async () => {
    expect(BACKUP_CODE_ALPHABET).not.toMatch(/[01OIl]/);
    const many = Array.from({ length: 100 }, () => generateBackupCodes(10)).flat();
    for (const code of many) expect(code).toMatch(/^[2-9A-HJKMNP-Z]{5}-[2-9A-HJKMNP-Z]{5}$/);
    expect(new Set(many).size).toBe(many.length);

    const user = await signUp(t.app);
    const { backupCodes } = await enrolTwoFactor(user);
    const regenerated = await post('/api/auth/two-factor/generate-backup-codes', { password: user.password }, newClient(), user.cookie);
    expect(regenerated.statusCode).toBe(200);
    for (const code of [...backupCodes, ...(regenerated.json() as { backupCodes: string[] }).backupCodes])
      expect(code).toMatch(/^[2-9A-HJKMNP-Z]{5}-[2-9A-HJKMNP-Z]{5}$/);
  });
});
