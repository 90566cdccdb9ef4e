import type { FastifyInstance } from 'fastify';
import type { TestApp } from './test-app.js';
import { ADMIN_EMAIL } from './test-app.js';

export interface SignedInUser {
  id: string;
  email: string;
  name: string;
  password: string;
  /** The Cookie header value that carries the session. */
  cookie: string;
}

let seq = 0;
export const uniqueEmail = (prefix = 'buyer') => `${prefix}.${Date.now().toString(36)}.${++seq}@example.com`;

/** Turns Set-Cookie headers into a Cookie header value. */
export function cookieFrom(setCookie: string | string[] | undefined): string {
  const list = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return list.map((c) => c.split(';')[0]).join('; ');
}

/** Signs a new user up through the real API and returns their session cookie. */
export async function signUp(app: FastifyInstance, overrides: Partial<Pick<SignedInUser, 'email' | 'name' | 'password'>> = {}): Promise<SignedInUser> {
  const email = overrides.email ?? uniqueEmail();
  const name = overrides.name ?? 'Test Buyer';
  const password = overrides.password ?? 'correct-horse-9';
  const res = await app.inject({ method: 'POST', url: '/api/auth/sign-up/email', payload: { email, name, password } });
  if (res.statusCode !== 200) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  const body = res.json() as { user: { id: string } };
  return { id: body.user.id, email, name, password, cookie: cookieFrom(res.headers['set-cookie']) };
}

/** An admin: ADMIN_EMAILS (set by createTestApp) makes this address an admin at sign-up. */
export function signUpAdmin(app: FastifyInstance): Promise<SignedInUser> {
  return signUp(app, { email: ADMIN_EMAIL, name: 'Shop Admin' });
}

export async function makeAdmin(t: TestApp, userId: string): Promise<void> {
  await t.database.db.updateTable('user').set({ role: 'admin' }).where('id', '=', userId).execute();
}
