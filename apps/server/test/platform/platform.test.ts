import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/env.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(async () => t.close());

describe('platform', () => {
  it('answers unknown /api paths with a JSON 404', async () => {
    const res = await t.app.inject({ url: '/api/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 'NOT_FOUND' });
  });

  it('answers malformed JSON with a 400 JSON error, not a 500', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', headers: { 'content-type': 'application/json' }, payload: '{"email":' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'BAD_REQUEST' });
  });

  it('sends security headers and a request id', async () => {
    const res = await t.app.inject({ url: '/api/service' });
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('does not seed when asked not to', async () => {
    const res = await t.app.inject({ url: '/api/service' });
    expect(res.json()).toEqual([]);
  });
});

describe('configuration', () => {
  it('names every bad variable at once', () => {
    expect(() =>
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', PUBLIC_URL: 'ftp://x', LOG_LEVEL: 'loud', DATA_DIR: '/tmp/bp-config-test' }),
    ).toThrowError(/PORT[\s\S]*DATABASE_URL[\s\S]*PUBLIC_URL[\s\S]*LOG_LEVEL/);
  });

  it('defaults to port 5000, SQLite in DATA_DIR and a PUBLIC_URL built from the port', () => {
    const c = loadConfig({ DATA_DIR: '/tmp/bp-config-test' });
    expect(c.port).toBe(5000);
    expect(c.database).toMatchObject({ engine: 'sqlite' });
    expect(c.publicUrl).toBe('http://localhost:5000');
  });

  it('issue 30: the seller record’s first values from SHOP_* and SELLER_*, each bad one named', () => {
    const c = loadConfig({ DATA_DIR: '/tmp/bp-config-test', SELLER_COUNTRY: 'gb', SELLER_TAX_NUMBER: 'GB123456789', SELLER_TIME_ZONE: 'Europe/London' });
    expect(c.seller).toMatchObject({
      legalName: 'Bulkparts Ltd',
      address: '1 Industrial Way, Springfield',
      country: 'GB',
      taxNumber: 'GB123456789',
      timeZone: 'Europe/London',
    });
    expect(() => loadConfig({ DATA_DIR: '/tmp/bp-config-test', SELLER_COUNTRY: 'UK', SELLER_TIME_ZONE: 'Mars/Base', SELLER_TAX_NUMBER: 'GB<1>' })).toThrowError(
      /SELLER_COUNTRY[\s\S]*SELLER_TAX_NUMBER[\s\S]*SELLER_TIME_ZONE/,
    );
  });
});
