import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieFrom, signUp, uniqueEmail } from '../helpers/factories.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { linkIn, pathOf, waitForMail } from './mail-helpers.js';
import { startOidcMock, type MockIdentity } from './oidc-mock.js';

let t: TestApp;
let oidc: Awaited<ReturnType<typeof startOidcMock>>;
beforeAll(async () => {
  oidc = await startOidcMock();
  t = await createTestApp({ seed: false, env: { GOOGLE_CLIENT_ID: 'bulkparts-test', GOOGLE_CLIENT_SECRET: 'test-client-secret', GOOGLE_ISSUER: oidc.issuer } });
});
afterAll(async () => {
  await t?.close();
  await oidc?.stop();
});

const session = async (cookie: string) =>
  (await t.app.inject({ url: '/api/auth/get-session', headers: { cookie } })).json() as {
    user: { id: string; email: string; name: string; emailVerified: boolean };
  } | null;

/** Clicks 'Continue with Google' and follows every redirect: our API → the provider → our callback. */
async function continueWithGoogle(identity: MockIdentity, cookie = '') {
  oidc.state.identity = identity;
  const start = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/social',
    headers: cookie ? { cookie } : {},
    payload: { provider: 'google', callbackURL: '/', newUserCallbackURL: '/home', errorCallbackURL: '/login' },
  });
  expect(start.statusCode).toBe(200);
  const authorize = new URL((start.json() as { url: string }).url);
  const flowCookie = [cookie, cookieFrom(start.headers['set-cookie'])].filter(Boolean).join('; ');
  const atProvider = await fetch(authorize, { redirect: 'manual' });
  expect(atProvider.status).toBe(302);
  const back = new URL(atProvider.headers.get('location')!);
  const callback = await t.app.inject({ url: pathOf(back), headers: { cookie: flowCookie } });
  return { authorize, back, callback, cookie: cookieFrom(callback.headers['set-cookie']) };
}

describe('Continue with Google (OpenID Connect)', () => {
  it('answers { google: true } when configured', async () => {
    expect((await t.app.inject({ url: '/api/auth-config' })).json()).toMatchObject({ google: true });
  });

  it('uses the authorization code flow with PKCE (S256), state and nonce, then signs a new user in', async () => {
    const email = uniqueEmail('g.new');
    const flow = await continueWithGoogle({ sub: 'google-new-1', email, email_verified: true, name: 'Gia Google' });
    expect(flow.authorize.origin).toBe(oidc.issuer);
    expect(flow.authorize.pathname).toBe('/authorize');
    expect(flow.authorize.searchParams.get('response_type')).toBe('code');
    expect(flow.authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(flow.authorize.searchParams.get('code_challenge')).toBeTruthy();
    expect(flow.authorize.searchParams.get('state')).toBeTruthy();
    expect(flow.authorize.searchParams.get('nonce')).toBeTruthy();
    expect(flow.authorize.searchParams.get('scope')).toContain('openid');
    expect(flow.authorize.searchParams.get('redirect_uri')).toBe(`${t.config.publicUrl}/api/auth/callback/google`);

    expect(flow.callback.statusCode).toBe(302);
    expect(flow.callback.headers.location).toMatch(/\/home$/);
    expect(await session(flow.cookie)).toMatchObject({ user: { email, name: 'Gia Google', emailVerified: true } });
    // The second time, the same Google account signs into the same user.
    const again = await continueWithGoogle({ sub: 'google-new-1', email, email_verified: true, name: 'Gia Google' });
    expect(again.callback.headers.location).toMatch(/\/$/);
    expect((await session(again.cookie))?.user.id).toBe((await session(flow.cookie))?.user.id);
    // Google has verified the address: the account may order at once (past the confirmation guard to validation).
    const order = await t.app.inject({ method: 'POST', url: '/api/purchase', headers: { cookie: flow.cookie }, payload: {} });
    expect(order.statusCode).toBe(400);
  });

  it('links to an existing verified account with the same email', async () => {
    const user = await signUp(t.app);
    const link = linkIn(await waitForMail(t, user.email, 'Confirm your email'));
    await t.app.inject({ url: pathOf(link) });
    const flow = await continueWithGoogle({ sub: 'google-link-1', email: user.email, email_verified: true, name: 'Other Name' });
    expect(flow.callback.statusCode).toBe(302);
    expect((await session(flow.cookie))?.user.id).toBe(user.id);
    const accounts = await t.database.db.selectFrom('account').select('providerId').where('userId', '=', user.id).execute();
    expect(accounts.map((a) => a.providerId).sort()).toEqual(['credential', 'google']);
  });

  it('does not link when Google has not verified the email, and says why on the login page', async () => {
    const user = await signUp(t.app);
    const link = linkIn(await waitForMail(t, user.email, 'Confirm your email'));
    await t.app.inject({ url: pathOf(link) });
    const flow = await continueWithGoogle({ sub: 'google-unverified-1', email: user.email, email_verified: false, name: 'Mallory' });
    expect(flow.callback.statusCode).toBe(302);
    expect(flow.callback.headers.location).toBe('/login?error=account_not_linked');
    expect(flow.cookie).not.toContain('session_token=');
  });

  it('refuses a callback with a forged state', async () => {
    const flow = await continueWithGoogle({ sub: 'google-state-1', email: uniqueEmail('g.state'), email_verified: true, name: 'S' });
    const forged = new URL(flow.back);
    forged.searchParams.set('state', 'forged-state');
    const res = await t.app.inject({ url: pathOf(forged) });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toMatch(/\/login\?error=/);
  });

  it('sends a provider error (the user cancelled) back to the login page', async () => {
    const res = await t.app.inject({ url: '/api/auth/callback/google?error=access_denied&state=x' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toMatch(/\/login\?error=/);
  });
});

describe("the Google account behind a session (better-auth's account endpoints)", () => {
  type Account = { id: string; providerId: string };
  const googleAccount = async (cookie: string) =>
    ((await t.app.inject({ url: '/api/auth/list-accounts', headers: { cookie } })).json() as Account[]).find((a) => a.providerId === 'google')!;

  it("reads the account's profile at Google, its access token, and refreshes the tokens", async () => {
    const email = uniqueEmail('g.account');
    const { cookie } = await continueWithGoogle({ sub: 'google-account-1', email, email_verified: true, name: 'Ada Account' });
    const headers = { cookie };
    const { id: accountId } = await googleAccount(cookie);
    const info = await t.app.inject({ url: `/api/auth/account-info?accountId=${accountId}`, headers });
    expect(info.statusCode, info.body).toBe(200);
    expect(info.json()).toMatchObject({ user: { email }, account: { id: accountId, providerId: 'google' } });
    const token = await t.app.inject({ method: 'POST', url: '/api/auth/get-access-token', headers, payload: { accountId } });
    expect(token.statusCode, token.body).toBe(200);
    expect(token.json()).toMatchObject({ accessToken: expect.any(String) });
    const refreshed = await t.app.inject({ method: 'POST', url: '/api/auth/refresh-token', headers, payload: { accountId } });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    expect(refreshed.json()).toMatchObject({ accessToken: expect.any(String) });
  });

  it('starts linking Google from a password account, and unlinks a linked Google account', async () => {
    const user = await signUp(t.app);
    const link = await t.app.inject({
      method: 'POST',
      url: '/api/auth/link-social',
      headers: { cookie: user.cookie },
      payload: { provider: 'google', callbackURL: '/' },
    });
    expect(link.statusCode, link.body).toBe(200);
    expect(new URL((link.json() as { url: string }).url).origin).toBe(oidc.issuer);
    // Linked through the sign-in (same verified email), then unlinked: the password stays.
    await continueWithGoogle({ sub: 'google-unlink-1', email: user.email, email_verified: true, name: 'Una Link' });
    const { id: accountId } = await googleAccount(user.cookie);
    const unlink = await t.app.inject({ method: 'POST', url: '/api/auth/unlink-account', headers: { cookie: user.cookie }, payload: { accountId } });
    expect(unlink.statusCode, unlink.body).toBe(200);
    expect(await googleAccount(user.cookie)).toBeUndefined();
  });
});
