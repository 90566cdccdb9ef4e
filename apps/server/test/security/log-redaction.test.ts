import { randomBytes } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebhookCreated } from '@bulkparts/shared';
import { redactSecrets, redactUrl } from '../../src/plugins/request-log.js';
import { createKey } from '../api-keys/helpers.js';
import { signUpAdmin, type SignedInUser } from '../helpers/factories.js';
import { createTestApp, engine, type TestApp } from '../helpers/test-app.js';

/**
 * Issue 28: secrets in query strings (a refused `?api_key=bp_…`, tokens, passwords, a webhook
 * secret) never reach the log. The app logs at debug (every request, better-auth's messages) into
 * a stream; the whole captured log is searched for every secret the test used.
 */

const random = (bytes = 18) => randomBytes(bytes).toString('base64url');
/** Base64 with the characters a query string encodes (`+`, `/`, `=`). */
const randomWithSpecials = () => `${randomBytes(12).toString('base64')}+a/b=`;

let t: TestApp;
let admin: SignedInUser;
const log: string[] = [];
/** Every secret the test sent; none may appear in the log, raw or percent-encoded. */
const secrets: string[] = [];
const secret = (value: string) => {
  secrets.push(value);
  return value;
};

beforeAll(async () => {
  t = await createTestApp({
    env: { LOG_LEVEL: 'debug' },
    logger: { level: 'debug', stream: { write: (line: string) => void log.push(line) } },
  });
  admin = await signUpAdmin(t.app);
});
afterAll(async () => t?.close());

describe(`secrets in URLs are not logged (${engine})`, () => {
  it('redacts secret parameters and key-shaped values, however written', () => {
    const cases: [string, string][] = [
      ['/api/service?page=2&q=bolt', '/api/service?page=2&q=bolt'],
      ['/api/purchase?api_key=bp_abc', '/api/purchase?api_key=[redacted]'],
      ['/api/purchase?API_KEY=x&page=1', '/api/purchase?API_KEY=[redacted]&page=1'],
      ['/api/purchase?api%5Fkey=x', '/api/purchase?api%5Fkey=[redacted]'],
      [
        '/x?access_token=a&token=b&key=c&secret=d&password=e&keys=f',
        '/x?access_token=[redacted]&token=[redacted]&key=[redacted]&secret=[redacted]&password=[redacted]&keys=f',
      ],
      ['/x?q=whsec_ab%2Bc%2F%3D&z', '/x?q=[redacted]&z'],
      ['/x?q=BP%5Fabc', '/x?q=[redacted]'],
      ['/x?bp_bare', '/x?[redacted]'],
      ['/api/api-keys/bp_abc/x?y=1', '/api/api-keys/[redacted]/x?y=1'],
      ['/x?note=bp', '/x?note=bp'],
    ];
    for (const [url, logged] of cases) expect(redactUrl(url), url).toBe(logged);
    expect(redactSecrets('GET /x?api_key=abc&password=hunter2 failed: bp_xyz whsec_a+b/c=')).toBe(
      'GET /x?api_key=[redacted]&password=[redacted] failed: [redacted] [redacted]',
    );
  });

  it('requests carrying secrets in query strings leave none of them in the log', async () => {
    const inject = async (options: InjectOptions & { url: string }, status: number) => {
      const res = await t.app.inject(options);
      expect(res.statusCode, options.url).toBe(status);
      return res;
    };

    // A real API key, refused in the query string (keys go in the Authorization header only).
    const key = await createKey(t.app, admin, ['orders:read']);
    secret(key.secret);
    await inject({ method: 'GET', url: `/api/purchase?api_key=${key.secret}` }, 401);
    // A made-up key, and a made-up one in the header beside a token in the query.
    const fakeKey = secret(`bp_${random(32)}`);
    await inject({ method: 'GET', url: `/api/purchase?page=1&api_key=${fakeKey}` }, 401);
    const headerKey = secret(`bp_${random(32)}`);
    await inject({ method: 'GET', url: `/api/purchase?access_token=${secret(random())}`, headers: { authorization: `Bearer ${headerKey}` } }, 401);
    // Upper case, percent-encoded name and value.
    await inject({ method: 'GET', url: `/api/purchase?API%5FKEY=${encodeURIComponent(secret(randomWithSpecials()))}` }, 401);

    // A real webhook secret, and one only shaped like it, in parameters of any name.
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks',
      headers: { cookie: admin.cookie },
      payload: { url: 'https://erp.example.com/hooks', events: ['order.placed'] },
    });
    expect(created.statusCode).toBe(201);
    const whsec = secret((created.json() as WebhookCreated).secret);
    await inject({ method: 'GET', url: `/api/webhooks?secret=${encodeURIComponent(whsec)}` }, 401);
    await inject(
      { method: 'GET', url: `/api/webhooks?note=${encodeURIComponent(secret(`whsec_${randomWithSpecials()}`))}`, headers: { cookie: admin.cookie } },
      200,
    );

    // A password in the query string of a failed sign-in (and in its body, which is never logged).
    const password = secret(`pw-${random()}`);
    await inject({ method: 'POST', url: `/api/auth/sign-in/email?password=${password}`, payload: { email: admin.email, password } }, 401);

    // Unknown routes, a key-shaped path segment, a cross-site write, a validation failure.
    await inject({ method: 'GET', url: `/api/no-such-route?key=${secret(random())}&token=${secret(random())}` }, 404);
    await inject({ method: 'GET', url: `/api/api-keys/${secret(`bp_${random(32)}`)}/x` }, 404);
    await inject(
      { method: 'POST', url: `/api/webhooks?token=${secret(random())}`, headers: { cookie: admin.cookie, origin: 'https://evil.example' }, payload: {} },
      403,
    );
    await inject({ method: 'POST', url: `/api/webhooks?password=${secret(random())}`, headers: { cookie: admin.cookie }, payload: { url: 'nope' } }, 400);

    // What else may log a request or an error: Fastify's `req` and pino's `err` serializers.
    t.app.log.info({ req: { method: 'GET', url: `/api/x?token=${secret(random())}`, ip: '127.0.0.1', host: 'shop' } }, 'a request');
    t.app.log.error({ err: new Error(`GET /api/x?secret=${secret(random())} failed with ${secret(`bp_${random(32)}`)}`) }, 'an error');

    const text = log.join('');
    for (const s of secrets) {
      expect(text.includes(s), `${s} is in the log`).toBe(false);
      expect(text.includes(encodeURIComponent(s)), `${encodeURIComponent(s)} is in the log`).toBe(false);
    }

    // The lines are there, redacted: the refusal at info with its URL, and every request after it.
    const lines = text
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { level: number; msg: string; url?: string; statusCode?: number; req?: { url: string }; err?: { message: string } });
    expect(lines).toContainEqual(expect.objectContaining({ level: 30, msg: 'request failed', url: '/api/purchase?api_key=[redacted]', statusCode: 401 }));
    expect(lines).toContainEqual(expect.objectContaining({ msg: 'request failed', url: '/api/purchase?API%5FKEY=[redacted]', statusCode: 401 }));
    expect(lines).toContainEqual(expect.objectContaining({ msg: 'request completed', url: '/api/webhooks?note=[redacted]', statusCode: 200 }));
    expect(lines).toContainEqual(expect.objectContaining({ msg: 'request failed', url: '/api/auth/sign-in/email?password=[redacted]', statusCode: 401 }));
    expect(lines).toContainEqual(
      expect.objectContaining({ msg: 'request failed', url: '/api/no-such-route?key=[redacted]&token=[redacted]', statusCode: 404 }),
    );
    expect(lines).toContainEqual(expect.objectContaining({ url: '/api/api-keys/[redacted]/x', statusCode: 404 }));
    expect(lines).toContainEqual(
      expect.objectContaining({ msg: 'refused a state-changing request from another origin', url: '/api/webhooks?token=[redacted]' }),
    );
    expect(lines).toContainEqual(expect.objectContaining({ url: '/api/webhooks?password=[redacted]', statusCode: 400 }));
    expect(lines).toContainEqual(expect.objectContaining({ msg: 'a request', req: expect.objectContaining({ url: '/api/x?token=[redacted]' }) }));
    expect(lines).toContainEqual(
      expect.objectContaining({ msg: 'an error', err: expect.objectContaining({ message: 'GET /api/x?secret=[redacted] failed with [redacted]' }) }),
    );
  });
});
