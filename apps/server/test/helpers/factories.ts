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

/** The first product of the catalogue with at least `quantity` pieces in stock. */
export async function productWithStock(app: FastifyInstance, quantity = 100): Promise<{ _id: string; price: number; minimumOrderQuantity: number }> {
  const res = await app.inject({ method: 'GET', url: '/api/service?limit=50' });
  const list = res.json() as Array<{ _id: string; price: number; minimumOrderQuantity: number; availableQuantity: number }>;
  const product = list.find((p) => p.availableQuantity >= quantity && p.minimumOrderQuantity <= quantity);
  if (!product) throw new Error(`no product with ${quantity} pieces in stock`);
  return product;
}

/** Places an order through the real API and returns its JSON. */
export async function placeOrder(app: FastifyInstance, buyer: SignedInUser, quantity = 100): Promise<{ _id: string; total: number; status: string }> {
  const product = await productWithStock(app, quantity);
  const res = await app.inject({ method: 'POST', url: '/api/purchase', headers: { cookie: buyer.cookie }, payload: { productId: product._id, quantity } });
  if (res.statusCode !== 201) throw new Error(`purchase failed: ${res.statusCode} ${res.body}`);
  return res.json() as { _id: string; total: number; status: string };
}
