import type { APIRequestContext } from '@playwright/test';
import { firstLink, waitForMail } from './mailbox';

let seq = 0;
export const uniqueEmail = (prefix: string) => `${prefix}.${Date.now().toString(36)}.${++seq}@example.com`;

/**
 * Signs up through the API and, unless `confirm: false`, confirms the address with the link from
 * the captured mail (orders need it; an ADMIN_EMAILS address becomes admin only then), then signs
 * in: sign-up itself opens no session. The request context (a page's or a browser context's) keeps
 * the session cookie.
 */
export async function signUpViaApi(
  request: APIRequestContext,
  email: string,
  name = 'E2E User',
  password = 'correct-horse-9',
  opts: { confirm?: boolean } = {},
) {
  const since = Date.now();
  const res = await postPaced(request, '/api/auth/sign-up/email', { name, email, password });
  if (!res.ok()) throw new Error(`sign-up failed: ${res.status()} ${await res.text()}`);
  const body = (await res.json()) as { user: { id: string } };
  if (opts.confirm !== false) await confirmEmail(request, email, since);
  const signIn = await postPaced(request, '/api/auth/sign-in/email', { email, password });
  if (!signIn.ok()) throw new Error(`sign-in after sign-up failed: ${signIn.status()} ${await signIn.text()}`);
  return body;
}

/** Opens the confirmation link mailed to `email` (received after `since`) as the user would. */
export async function confirmEmail(request: APIRequestContext, email: string, since = 0) {
  const link = new URL(firstLink(await waitForMail(email, 'Confirm your email', since)));
  const res = await request.get(`${link.pathname}${link.search}`, { maxRedirects: 0 });
  if (res.status() !== 302) throw new Error(`email confirmation failed: ${res.status()} ${await res.text()}`);
}

/**
 * Sign-ups and sign-ins from one address are limited (the e2e server's limits are raised to fit a
 * run in playwright.config.ts: SIGNUPS_PER_IP_PER_HOUR, SIGNINS_PER_IP_PER_MINUTE); a short 429
 * left is waited out (its Retry-After) instead of failing.
 */
export async function postPaced(request: APIRequestContext, url: string, data: unknown) {
  for (let attempt = 0; ; attempt++) {
    const res = await request.post(url, { data });
    if (res.status() !== 429 || attempt >= 3) return res;
    const headers = res.headers();
    const wait = Number(headers['retry-after'] ?? headers['x-retry-after'] ?? 10);
    await new Promise((r) => setTimeout(r, (Math.min(Math.max(wait, 1), 15) + 0.5) * 1000));
  }
}

export const ADMIN_EMAIL = 'admin@bulkparts.test';

/** A valid 1×1 PNG. */
export const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
