import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SitePage } from '@bulkparts/shared';
import { signUp, signUpAdmin, type SignedInUser } from '../helpers/factories.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

/** Issue 33: the terms of sale and privacy pages: their starting text, then what an admin saves; nobody else writes them. */
let t: TestApp;
let admin: SignedInUser;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
  admin = await signUpAdmin(t.app);
});
afterAll(async () => t?.close());

const get = (slug: string) => t.app.inject({ url: `/api/pages/${slug}` });
const put = (slug: string, body: unknown, who: SignedInUser | null = admin) =>
  t.app.inject({ method: 'PUT', url: `/api/pages/${slug}`, headers: who ? { cookie: who.cookie } : {}, payload: body as object });

describe('site pages', () => {
  it('answers the starting text of the terms and the privacy notice to anyone', async () => {
    for (const [slug, title] of [
      ['terms', 'Terms of sale'],
      ['privacy', 'Privacy'],
    ] as const) {
      const res = await get(slug);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ slug, title, updatedAt: null });
    }
    expect((await get('terms')).json().body).toContain('1,000 pieces');
    expect((await get('cookies')).statusCode).toBe(404);
  });

  it('keeps what an admin saves; a buyer gets 403, anonymous 401; a bad body names the field', async () => {
    const saved = await put('terms', { title: ' Our terms ', body: '## Orders\nEvery order is confirmed.' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ slug: 'terms', title: 'Our terms', body: '## Orders\nEvery order is confirmed.' });
    expect((await get('terms')).json() as SitePage).toEqual(saved.json());
    expect((await get('privacy')).json().updatedAt).toBeNull();
    expect((await put('terms', { title: 'X', body: 'Y' }, await signUp(t.app))).statusCode).toBe(403);
    expect((await put('terms', { title: 'X', body: 'Y' }, null)).statusCode).toBe(401);
    expect((await put('terms', { title: '', body: 'x'.repeat(50_001) })).json().fields).toEqual({
      title: 'Title is required',
      body: 'Text must be at most 50,000 characters',
    });
    expect((await put('cookies', { title: 'X', body: 'Y' })).statusCode).toBe(404);
  });
});
