import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/env.js';
import { fastifyTrustProxy } from '../../src/config/trust-proxy.js';
import { fileTransport } from '../../src/modules/mail/mail.transport.js';
import { signUp, type SignedInUser } from '../helpers/factories.js';
import { multipartFile, PNG_BYTES } from '../helpers/multipart.js';
import { createTestApp, engine, type TestApp } from '../helpers/test-app.js';

/** Deployment hardening: proxy trust, cross-origin writes, HSTS, metrics, private files, live-shop fallbacks. */
const made: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'bp-hardening-'));
  made.push(dir);
  return dir;
};
const modeOf = (file: string) => statSync(file).mode & 0o777;

describe('TRUST_PROXY', () => {
  const cfg = (TRUST_PROXY: string) => loadConfig({ DATA_DIR: tempDir(), TRUST_PROXY });

  it('reads false, a hop count, or proxy addresses/CIDRs', () => {
    expect(cfg('false').trustProxy).toBe(false);
    expect(cfg('2').trustProxy).toBe(2);
    expect(cfg(' 10.0.0.1, 10.1.0.0/16 ,::1,loopback').trustProxy).toEqual(['10.0.0.1', '10.1.0.0/16', '::1', 'loopback']);
    expect(cfg('false').warnings.join(' ')).not.toContain('TRUST_PROXY');
  });

  it('reads the old `true` as one hop, with a start-up warning', () => {
    const c = cfg('true');
    expect(c.trustProxy).toBe(1);
    expect(c.warnings.join('\n')).toMatch(/TRUST_PROXY=true is read as 1 hop/);
  });

  it('refuses anything else, naming the variable', () => {
    for (const bad of ['yes', '10.0.0.300', '10.0.0.0/33', '99', 'example.com']) {
      expect(() => cfg(bad), bad).toThrowError(/TRUST_PROXY: must be false, a number of proxy hops/);
    }
  });

  async function ipSeen(trust: string, forwardedFor: string | undefined): Promise<string> {
    const app = Fastify({ trustProxy: fastifyTrustProxy(cfg(trust).trustProxy) });
    app.get('/ip', async (request) => request.ip);
    const res = await app.inject({ url: '/ip', remoteAddress: '127.0.0.1', headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {} });
    await app.close();
    return res.body;
  }

  it('a client cannot choose its address with X-Forwarded-For beyond the trusted hops', async () => {
    // The client wrote "6.6.6.6"; the one proxy (127.0.0.1) appended the address it saw.
    const spoofed = '6.6.6.6, 203.0.113.7';
    expect(await ipSeen('true', spoofed)).toBe('203.0.113.7');
    expect(await ipSeen('1', spoofed)).toBe('203.0.113.7');
    expect(await ipSeen('127.0.0.1', spoofed)).toBe('203.0.113.7');
    expect(await ipSeen('127.0.0.0/8', spoofed)).toBe('203.0.113.7');
    expect(await ipSeen('2', '6.6.6.6, 203.0.113.7, 10.0.0.2')).toBe('203.0.113.7');
    expect(await ipSeen('false', spoofed)).toBe('127.0.0.1');
    // A peer that is not a listed proxy is the client, whatever it forwards.
    expect(await ipSeen('10.0.0.1', spoofed)).toBe('127.0.0.1');
  });
});

describe('TRUST_PROXY in the app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false, env: { TRUST_PROXY: 'true' } });
  });
  afterAll(async () => t.close());

  it('the address better-auth records for a session is the one the proxy saw, not the one the client wrote', async () => {
    const user = await signUp(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: user.email, password: user.password },
      headers: { 'x-forwarded-for': '6.6.6.6, 203.0.113.9' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const sessions = await t.database.db.selectFrom('session').select('ipAddress').where('userId', '=', user.id).execute();
    expect(sessions.map((s) => s.ipAddress)).toContain('203.0.113.9');
    expect(sessions.map((s) => s.ipAddress)).not.toContain('6.6.6.6');
  });
});

describe('a live shop (https PUBLIC_URL) and its fallbacks', () => {
  it('refuses to start without Stripe and SMTP, naming the variables', () => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), PUBLIC_URL: 'https://shop.example.com' })).toThrowError(
      /STRIPE_SECRET_KEY: .*ALLOW_TEST_PAYMENTS=true[\s\S]*SMTP_URL: .*ALLOW_FILE_MAIL=true/,
    );
    expect(() => loadConfig({ DATA_DIR: tempDir(), PUBLIC_URL: 'https://shop.example.com', ALLOW_TEST_PAYMENTS: 'true' })).toThrowError(/SMTP_URL/);
    expect(() => loadConfig({ DATA_DIR: tempDir(), PUBLIC_URL: 'https://shop.example.com', ALLOW_FILE_MAIL: 'true' })).toThrowError(/STRIPE_SECRET_KEY/);
    expect(() => loadConfig({ DATA_DIR: tempDir(), ALLOW_FILE_MAIL: 'maybe' })).toThrowError(/ALLOW_FILE_MAIL: must be true or false/);
    // The test suite brings its own mail transport and payment provider.
    expect(() => loadConfig({ DATA_DIR: tempDir(), NODE_ENV: 'test', PUBLIC_URL: 'https://shop.example.com' })).not.toThrow();
  });

  it('starts when told to, and warns about each active fallback', () => {
    const c = loadConfig({ DATA_DIR: tempDir(), PUBLIC_URL: 'https://shop.example.com', ALLOW_TEST_PAYMENTS: 'true', ALLOW_FILE_MAIL: 'true' });
    expect(c.warnings.join('\n')).toMatch(/TEST card gateway[\s\S]*written to files/);
    const live = loadConfig({
      DATA_DIR: tempDir(),
      PUBLIC_URL: 'https://shop.example.com',
      STRIPE_SECRET_KEY: 'sk_live_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      SMTP_URL: 'smtp://mail.example.com',
    });
    expect(live.warnings).toEqual([]);
  });

  it('`npm start` on localhost keeps the embedded defaults (with the warnings)', () => {
    const c = loadConfig({ DATA_DIR: tempDir(), NODE_ENV: 'production' });
    expect(c.stripe).toBeUndefined();
    expect(c.smtpUrl).toBeUndefined();
    expect(c.warnings).toHaveLength(2);
  });
});

describe('private data files', () => {
  it('DATA_DIR is 0700, and the generated auth secret and the SQLite files are 0600, whatever the umask', async () => {
    const old = process.umask(0);
    const dir = path.join(tempDir(), 'data');
    try {
      const config = loadConfig({ DATA_DIR: dir });
      expect(modeOf(dir)).toBe(0o700);
      expect(modeOf(path.join(dir, 'auth-secret'))).toBe(0o600);
      if (engine === 'sqlite') {
        const { createDatabase } = await import('../../src/db/database.js');
        const { migrateToLatest } = await import('../../src/db/migrate.js');
        const db = createDatabase(config);
        await migrateToLatest(db);
        for (const f of readdirSync(dir).filter((n) => n.startsWith('bulkparts.db'))) expect(modeOf(path.join(dir, f)), f).toBe(0o600);
        await db.close();
      }
    } finally {
      process.umask(old);
    }
  });

  it('mail files are 0600 in a 0700 folder, and their links are logged only in development', async () => {
    const old = process.umask(0);
    try {
      for (const logLinks of [false, true]) {
        const dir = path.join(tempDir(), 'mail');
        const lines: string[] = [];
        const log = { info: (obj: unknown, msg: string) => lines.push(JSON.stringify(obj) + msg) } as never;
        const transport = fileTransport(dir, log, { logLinks });
        await transport.deliver({
          from: 'shop@example.com',
          to: 'a@example.com',
          subject: 'Reset',
          text: 'Go to https://shop.example.com/reset?token=SECRET123',
          html: '<p>x</p>',
        });
        transport.close();
        expect(modeOf(dir)).toBe(0o700);
        const [file] = readdirSync(dir);
        expect(modeOf(path.join(dir, file!))).toBe(0o600);
        expect(lines.join('\n').includes('SECRET123')).toBe(logLinks);
      }
    } finally {
      process.umask(old);
    }
  });
});

describe('requests against the app', () => {
  let t: TestApp;
  let buyer: SignedInUser;
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
    buyer = await signUp(t.app);
  });
  afterAll(async () => t.close());

  const own = () => new URL(t.config.publicUrl).origin;

  it('refuses a state-changing request from another origin (403 FORBIDDEN_ORIGIN)', async () => {
    const review = { designation: 'Buyer', description: 'Good parts, fast delivery.', rating: 5 };
    for (const headers of [
      { origin: 'https://evil.example.com' },
      { origin: 'null' },
      { origin: 'null', 'sec-fetch-site': 'cross-site' },
      { origin: 'http://localhost:5173' },
      { 'sec-fetch-site': 'same-site' },
      { 'sec-fetch-site': 'cross-site' },
    ]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/review', payload: review, headers: { cookie: buyer.cookie, ...headers } });
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.json()).toMatchObject({ error: 'FORBIDDEN_ORIGIN' });
    }
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      const res = await t.app.inject({ method, url: '/api/service/x', headers: { origin: 'https://evil.example.com' } });
      expect(res.statusCode).toBe(403);
    }
    expect((await t.app.inject({ url: '/api/review' })).statusCode).toBe(200);
  });

  it('a multipart photo change from a same-site page is refused and changes nothing', async () => {
    const { payload, headers } = multipartFile(PNG_BYTES, 'p.png', 'image/png');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/profile/photo',
      payload,
      headers: { ...headers, cookie: buyer.cookie, origin: 'https://other.shop.example.com', 'sec-fetch-site': 'same-site' },
    });
    expect(res.statusCode).toBe(403);
    const user = await t.database.db.selectFrom('user').select('image').where('id', '=', buyer.id).executeTakeFirstOrThrow();
    expect(user.image).toBeNull();
  });

  it("lets the shop's own pages, user-typed requests, and requests without either header through", async () => {
    const review = { designation: 'Buyer', description: 'Good parts, fast delivery.', rating: 5 };
    // (`Origin: null` is what a form the shop's page posts carries under its no-referrer policy: Sec-Fetch-Site decides, issue 32)
    for (const headers of [
      { origin: own() },
      { 'sec-fetch-site': 'same-origin' },
      { 'sec-fetch-site': 'none' },
      { origin: 'null', 'sec-fetch-site': 'same-origin' },
      {},
    ]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/review', payload: review, headers: { cookie: buyer.cookie, ...headers } });
      expect(res.statusCode, JSON.stringify(headers)).toBe(201);
    }
  });

  it('exempts the Stripe webhook, the OAuth callbacks and punchout’s documents (never the cart’s return)', async () => {
    for (const url of [
      '/api/payments/webhook',
      '/api/auth/callback/google',
      '/api/auth/oauth2/callback/google',
      '/punchout/cxml/setup',
      '/punchout/cxml/order',
      '/punchout/oci',
    ]) {
      const res = await t.app.inject({ method: 'POST', url, payload: {}, headers: { origin: 'https://accounts.google.com', 'sec-fetch-site': 'cross-site' } });
      expect(res.statusCode, url).not.toBe(403);
    }
    const back = await t.app.inject({ method: 'POST', url: '/punchout/return', headers: { cookie: buyer.cookie, origin: 'https://evil.example.com' } });
    expect(back.statusCode).toBe(403);
  });

  it('sends no HSTS header on http', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('serves /metrics to loopback outside production', async () => {
    expect((await t.app.inject({ url: '/metrics' })).statusCode).toBe(200);
  });
});

describe('production settings', () => {
  let t: TestApp;
  let withToken: TestApp;
  beforeAll(async () => {
    const env = { NODE_ENV: 'production', PUBLIC_URL: 'https://shop.example.com', ALLOW_TEST_PAYMENTS: 'true', ALLOW_FILE_MAIL: 'true' };
    t = await createTestApp({ seed: false, env, rateLimits: { enabled: false } });
    withToken = await createTestApp({ seed: false, env: { ...env, METRICS_TOKEN: 'metrics-token-0123456789' }, rateLimits: { enabled: false } });
  });
  afterAll(async () => {
    await t?.close();
    await withToken?.close();
  });

  it('an https shop sends HSTS', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('/metrics needs METRICS_TOKEN in production, even from loopback', async () => {
    expect((await t.app.inject({ url: '/metrics', remoteAddress: '127.0.0.1' })).statusCode).toBe(404);
    expect((await withToken.app.inject({ url: '/metrics' })).statusCode).toBe(401);
    const ok = await withToken.app.inject({ url: '/metrics', headers: { authorization: 'Bearer metrics-token-0123456789' } });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toContain('http_requests_total');
  });

  it('checks the origin against the https PUBLIC_URL', async () => {
    const bad = await t.app.inject({ method: 'POST', url: '/api/review', payload: {}, headers: { origin: 'http://shop.example.com' } });
    expect(bad.statusCode).toBe(403);
    const good = await t.app.inject({ method: 'POST', url: '/api/review', payload: {}, headers: { origin: 'https://shop.example.com' } });
    expect(good.statusCode).toBe(401);
  });
});

afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});
