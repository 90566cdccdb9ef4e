import { createHash } from 'node:crypto';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_SCOPES, type ApiKey, type ApiKeyScope } from '@bulkparts/shared';
import { newId } from '../../src/lib/ids.js';
import { placeOrder, signUp, signUpAdmin, type SignedInUser } from '../helpers/factories.js';
import { createTestApp, engine, type TestApp } from '../helpers/test-app.js';
import { fillPattern } from '../security/route-table.js';
import { bearer, createKey } from './helpers.js';

/** Every route with the scope it states (route config `scope`), read from Fastify's route table. */
const routes: { method: string; url: string; scope: ApiKeyScope | undefined }[] = [];
const onRoute = (route: RouteOptions) => {
  for (const method of [route.method].flat()) {
    if (method === 'HEAD' || method === 'OPTIONS' || !route.url.startsWith('/api/')) continue;
    if (!routes.some((r) => r.method === method && r.url === route.url)) routes.push({ method, url: route.url, scope: route.config?.scope });
  }
};

/** The routes each scope must open (the list); the matrix fails when the route table says otherwise. */
const EXPECTED: Record<ApiKeyScope, string[]> = {
  'catalog:read': [
    'GET /api/service',
    'GET /api/service/facets',
    'GET /api/service/:id',
    'GET /api/categories',
    'GET /api/service/export.csv',
    // issue 33: All Product's list, and a product document's PDF
    'GET /api/admin/products',
    'GET /api/service/:id/documents/:documentId',
  ],
  'catalog:write': [
    'POST /api/service',
    'PATCH /api/service/:id',
    'DELETE /api/service/:id',
    // issue 33: product documents
    'POST /api/service/:id/documents',
    'DELETE /api/service/:id/documents/:documentId',
    'POST /api/service/import',
    'POST /api/categories',
    'PATCH /api/categories/:slug',
    'DELETE /api/categories/:slug',
  ],
  'orders:read': ['GET /api/purchase', 'GET /api/purchase/:id', 'GET /api/purchase/:id/shipments', 'GET /api/returns', 'GET /api/returns/:id'],
  'orders:write': [
    'PATCH /api/purchase/:id',
    'POST /api/purchase/:id/mark-paid',
    'POST /api/purchase/:id/shipments',
    'POST /api/shipments/:id/delivered',
    'POST /api/returns/:id/approve',
    'POST /api/returns/:id/reject',
    'POST /api/returns/:id/receive',
    'POST /api/returns/:id/refund',
  ],
  // Issue 31: a warehouse system reads the warehouses' codes and a product's counts per warehouse.
  'stock:write': ['PATCH /api/service/:id/stock', 'POST /api/stock', 'POST /api/service/:id/stock', 'GET /api/service/:id/stock', 'GET /api/warehouses'],
};

let t: TestApp;
let admin: SignedInUser;
let customer: SignedInUser;

beforeAll(async () => {
  t = await createTestApp({ onRoute });
  admin = await signUpAdmin(t.app);
  customer = await signUp(t.app);
});
afterAll(async () => t?.close());

describe(`API keys (${engine})`, () => {
  it('an admin creates a key (secret shown once), lists keys without secrets and revokes one', async () => {
    const created = await createKey(t.app, admin, ['orders:read', 'catalog:read'], 'ERP');
    expect(created).toMatchObject({ name: 'ERP', scopes: ['catalog:read', 'orders:read'], lastUsedAt: null });
    expect(created.secret).toMatch(/^bp_[A-Za-z0-9_-]{43}$/);
    const list = await t.app.inject({ method: 'GET', url: '/api/api-keys', headers: { cookie: admin.cookie } });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(created.secret);
    const listed = (list.json() as ApiKey[]).find((k) => k._id === created._id);
    expect(listed).toMatchObject({ name: 'ERP', scopes: ['catalog:read', 'orders:read'] });
    expect(listed).not.toHaveProperty('secret');

    const revoked = await t.app.inject({ method: 'DELETE', url: `/api/api-keys/${created._id}`, headers: { cookie: admin.cookie } });
    expect(revoked.statusCode).toBe(200);
    expect((revoked.json() as ApiKey).revokedAt).toEqual(expect.any(String));
    const missing = await t.app.inject({ method: 'DELETE', url: `/api/api-keys/${newId()}`, headers: { cookie: admin.cookie } });
    expect(missing.statusCode).toBe(404);
  });

  it('refuses bad input by field, and everyone but an admin', async () => {
    const bad = await t.app.inject({ method: 'POST', url: '/api/api-keys', headers: { cookie: admin.cookie }, payload: { name: ' ', scopes: ['root'] } });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys((bad.json() as { fields: Record<string, string> }).fields).sort()).toEqual(['name', 'scopes.0']);
    const none = await t.app.inject({ method: 'POST', url: '/api/api-keys', headers: { cookie: admin.cookie }, payload: { name: 'x', scopes: [] } });
    expect(none.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/api-keys', headers: { cookie: customer.cookie } })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/api-keys' })).statusCode).toBe(401);
  });

  it('keeps only the sha-256 of the secret in the database', async () => {
    const key = await createKey(t.app, admin, ['catalog:read']);
    const rows = await t.database.db.selectFrom('api_keys').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(key.secret);
    expect(JSON.stringify(rows)).not.toContain(key.secret.slice(3));
    const row = rows.find((r) => r.id === key._id)!;
    expect(row.secret_hash).toBe(createHash('sha256').update(key.secret).digest('hex'));
  });

  it('an unknown, malformed or revoked key is 401, even on public routes', async () => {
    const key = await createKey(t.app, admin, ['catalog:read']);
    expect((await t.app.inject({ url: '/api/service?limit=1', headers: bearer(key) })).statusCode).toBe(200);
    const forged = `bp_${'A'.repeat(43)}`;
    for (const authorization of [`Bearer ${forged}`, 'Bearer nonsense', `Bearer ${key.secret}x`]) {
      const res = await t.app.inject({ url: '/api/service?limit=1', headers: { authorization } });
      expect(res.statusCode, authorization).toBe(401);
      expect(res.json()).toMatchObject({ error: 'UNAUTHENTICATED' });
    }
    await t.app.inject({ method: 'DELETE', url: `/api/api-keys/${key._id}`, headers: { cookie: admin.cookie } });
    expect((await t.app.inject({ url: '/api/service?limit=1', headers: bearer(key) })).statusCode).toBe(401);
  });

  it('records when a key was last used, at most once a minute', async () => {
    const key = await createKey(t.app, admin, ['catalog:read']);
    await t.app.inject({ url: '/api/categories', headers: bearer(key) });
    const first = (await t.database.db.selectFrom('api_keys').select('last_used_at').where('id', '=', key._id).executeTakeFirstOrThrow()).last_used_at;
    expect(first).toEqual(expect.any(String));
    await t.app.inject({ url: '/api/categories', headers: bearer(key) });
    const second = (await t.database.db.selectFrom('api_keys').select('last_used_at').where('id', '=', key._id).executeTakeFirstOrThrow()).last_used_at;
    expect(second).toBe(first);
    const listed = ((await t.app.inject({ url: '/api/api-keys', headers: { cookie: admin.cookie } })).json() as ApiKey[]).find((k) => k._id === key._id);
    expect(listed?.lastUsedAt).toBe(first);
  });

  it('a bearer request without cookies passes the cross-site guard; the key, never a cookie, decides', async () => {
    const key = await createKey(t.app, admin, ['stock:write']);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/stock',
      headers: bearer(key),
      payload: { items: [{ sku: 'NO-SUCH-SKU', availableQuantity: 1 }] },
    });
    // Through the guard and the key's check: the handler names the bad line.
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ lines: [{ index: 0, sku: 'NO-SUCH-SKU' }] });
    // An admin's cookie next to a key does not widen the key.
    const withCookie = await t.app.inject({ url: '/api/api-keys', headers: { ...bearer(key), cookie: admin.cookie } });
    expect(withCookie.statusCode).toBe(403);
  });

  it('scope matrix: each scope opens exactly its routes (403 elsewhere); no key reaches an unscoped route', async () => {
    const stated = Object.fromEntries(
      API_KEY_SCOPES.map((s) => [
        s,
        routes
          .filter((r) => r.scope === s)
          .map((r) => `${r.method} ${r.url}`)
          .sort(),
      ]),
    );
    expect(stated).toEqual(Object.fromEntries(API_KEY_SCOPES.map((s) => [s, [...EXPECTED[s]].sort()])));

    const keys = Object.fromEntries(await Promise.all(API_KEY_SCOPES.map(async (s) => [s, await createKey(t.app, admin, [s])] as const)));
    const all = await createKey(t.app, admin, [...API_KEY_SCOPES]);
    const violations: string[] = [];
    const randomId = newId();
    for (const route of routes) {
      // Random ids: a 404 (or a 400 for the missing body) means the key got through.
      const url = fillPattern(route.url, randomId);
      for (const scope of API_KEY_SCOPES) {
        const res = await t.app.inject({ method: route.method as 'GET', url, headers: bearer(keys[scope]!) });
        const allowed = route.scope === scope;
        const ok = allowed ? res.statusCode !== 401 && res.statusCode !== 403 && res.statusCode < 500 : res.statusCode === 403;
        if (!ok) violations.push(`${scope} ${route.method} ${route.url}: ${res.statusCode} (expected ${allowed ? 'to get through' : '403'})`);
      }
      if (!route.scope) {
        const res = await t.app.inject({ method: route.method as 'GET', url, headers: bearer(all) });
        if (res.statusCode !== 403) violations.push(`all scopes ${route.method} ${route.url}: ${res.statusCode} (expected 403)`);
      }
    }
    expect(violations).toEqual([]);
  });

  it('the OpenAPI document names the scope of each operation a key may call', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, { 'x-api-key-scope'?: string }>>;
      components: { securitySchemes: Record<string, unknown> };
    };
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    for (const route of routes) {
      const op = doc.paths[route.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\*$/, '{*}')]?.[route.method.toLowerCase()];
      expect(op?.['x-api-key-scope'], `${route.method} ${route.url}`).toBe(route.scope);
    }
  });

  it('a key reads and changes orders with orders:read and orders:write', async () => {
    const order = await placeOrder(t.app, customer);
    const reader = await createKey(t.app, admin, ['orders:read']);
    const writer = await createKey(t.app, admin, ['orders:write']);
    const got = await t.app.inject({ url: `/api/purchase/${order._id}`, headers: bearer(reader) });
    expect(got.statusCode).toBe(200);
    const list = await t.app.inject({ url: '/api/purchase?limit=100', headers: bearer(reader) });
    expect(list.statusCode).toBe(200);
    expect((list.json() as Array<{ _id: string }>).some((o) => o._id === order._id)).toBe(true);
    const cancelled = await t.app.inject({ method: 'PATCH', url: `/api/purchase/${order._id}`, headers: bearer(writer), payload: { status: 'cancelled' } });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled' });
  });
});
