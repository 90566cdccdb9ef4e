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

/**
 * Signs a new user up through the real API, confirms the email (as the mailed link would, through
 * better-auth so its hooks run) unless `verified: false`, then signs in (sign-up itself opens no
 * session) and returns the session cookie.
 */
export async function signUp(
  app: FastifyInstance,
  overrides: Partial<Pick<SignedInUser, 'email' | 'name' | 'password'>> & { verified?: boolean } = {},
): Promise<SignedInUser> {
  const email = overrides.email ?? uniqueEmail();
  const name = overrides.name ?? 'Test Buyer';
  const password = overrides.password ?? 'correct-horse-9';
  const res = await app.inject({ method: 'POST', url: '/api/auth/sign-up/email', payload: { email, name, password } });
  if (res.statusCode !== 200) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  const body = res.json() as { user: { id: string } };
  if (overrides.verified !== false) await verifyEmail(app, body.user.id);
  const signIn = await app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email, password } });
  if (signIn.statusCode !== 200) throw new Error(`sign-in after sign-up failed: ${signIn.statusCode} ${signIn.body}`);
  return { id: body.user.id, email, name, password, cookie: cookieFrom(signIn.headers['set-cookie']) };
}

/** Marks the user's email confirmed through better-auth (its database hooks run, as for the mailed link). */
export async function verifyEmail(app: FastifyInstance, userId: string): Promise<void> {
  const ctx = await app.auth.$context;
  await ctx.internalAdapter.updateUser(userId, { emailVerified: true });
}

/** An admin: ADMIN_EMAILS (set by createTestApp) makes this address an admin once it is verified. */
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

/** A ship-to as the purchase page sends one. */
export const SHIP_TO = { name: 'Ada Buyer', line1: '1 Mill Road', city: 'Leeds', postalCode: 'LS1 4AB', country: 'United Kingdom' };

/**
 * Places an order through the real API, as the web's purchase page does (with a ship-to, so it
 * can be shipped: issue 29), and returns its JSON.
 */
export async function placeOrder(app: FastifyInstance, buyer: SignedInUser, quantity = 100): Promise<{ _id: string; total: number; status: string }> {
  const product = await productWithStock(app, quantity);
  const payload = { productId: product._id, quantity, shippingAddress: SHIP_TO };
  const res = await app.inject({ method: 'POST', url: '/api/purchase', headers: { cookie: buyer.cookie }, payload });
  if (res.statusCode !== 201) throw new Error(`purchase failed: ${res.statusCode} ${res.body}`);
  return res.json() as { _id: string; total: number; status: string };
}
