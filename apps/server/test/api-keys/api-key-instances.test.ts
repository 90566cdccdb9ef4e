import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { createDatabase } from '../../src/db/database.js';
import { signUpAdmin, type SignedInUser } from '../helpers/factories.js';
import { createTestApp, engine, type TestApp } from '../helpers/test-app.js';
import { bearer, createKey } from './helpers.js';

/**
 * API keys where the engine matters (ADR 0024): revocation seen at once by a second instance on
 * the same database, and the per-key request counter kept in the database. Scopes, input and
 * storage are in api-keys.test.ts.
 */
let t: TestApp;
let admin: SignedInUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpAdmin(t.app);
});
afterAll(async () => t?.close());

describe(`API keys across two instances on one database (${engine})`, () => {
  let second: FastifyInstance;
  let secondDb: ReturnType<typeof createDatabase>;
  beforeAll(async () => {
    secondDb = createDatabase(t.config);
    second = await buildApp({ config: t.config, database: secondDb, seed: false, logger: false });
    await second.ready();
  });
  afterAll(async () => {
    await second?.close();
    await secondDb?.close();
  });

  it('a key revoked on one instance is refused at once on the other', async () => {
    const key = await createKey(t.app, admin, ['catalog:read']);
    expect((await second.inject({ url: '/api/categories', headers: bearer(key) })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/api-keys/${key._id}`, headers: { cookie: admin.cookie } })).statusCode).toBe(200);
    expect((await second.inject({ url: '/api/categories', headers: bearer(key) })).statusCode).toBe(401);
    expect((await second.inject({ url: '/api/service?limit=1', headers: bearer(key) })).statusCode).toBe(401);
  });
});

describe(`API key rate limit (${engine})`, () => {
  let limited: TestApp;
  let limitedAdmin: SignedInUser;
  beforeAll(async () => {
    limited = await createTestApp({ rateLimits: { enabled: true, apiKeyPerMinute: 3 } });
    limitedAdmin = await signUpAdmin(limited.app);
  });
  afterAll(async () => limited?.close());

  it('counts requests per key: past the limit 429 with Retry-After, another key unaffected', async () => {
    const a = await createKey(limited.app, limitedAdmin, ['catalog:read']);
    const b = await createKey(limited.app, limitedAdmin, ['catalog:read']);
    const codes = [];
    for (let i = 0; i < 4; i++) codes.push((await limited.app.inject({ url: '/api/categories', headers: bearer(a) })).statusCode);
    expect(codes).toEqual([200, 200, 200, 429]);
    const refused = await limited.app.inject({ url: '/api/categories', headers: bearer(a) });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await limited.app.inject({ url: '/api/categories', headers: bearer(b) })).statusCode).toBe(200);
  });
});
