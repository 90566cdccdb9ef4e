import type { APIRequestContext } from '@playwright/test';

let seq = 0;
export const uniqueEmail = (prefix: string) => `${prefix}.${Date.now().toString(36)}.${++seq}@example.com`;

/** Signs up through the API; the request context (a page's or a browser context's) keeps the session cookie. */
export async function signUpViaApi(request: APIRequestContext, email: string, name = 'E2E User', password = 'correct-horse-9') {
  const res = await postPaced(request, '/api/auth/sign-up/email', { name, email, password });
  if (!res.ok()) throw new Error(`sign-up failed: ${res.status()} ${await res.text()}`);
  return (await res.json()) as { user: { id: string } };
}

/**
 * better-auth allows a few sign-ups/sign-ins per address every 10 seconds; journeys that create
 * several users wait out a 429 (its X-Retry-After) instead of failing.
 */
export async function postPaced(request: APIRequestContext, url: string, data: unknown) {
  for (let attempt = 0; ; attempt++) {
    const res = await request.post(url, { data });
    if (res.status() !== 429 || attempt >= 3) return res;
    const wait = Number(res.headers()['x-retry-after'] ?? 10);
    await new Promise((r) => setTimeout(r, (Math.min(Math.max(wait, 1), 15) + 0.5) * 1000));
  }
}

export const ADMIN_EMAIL = 'admin@bulkparts.test';

/** A valid 1×1 PNG. */
export const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
