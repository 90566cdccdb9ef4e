import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../helpers/factories.js';
import { createTestApp, engine, type TestApp } from '../helpers/test-app.js';
import { authRouteTable, type AuthRouteRow } from './access-table.js';

/**
 * The access matrix and the fuzzer for better-auth's routes, which Fastify sees as one catch-all
 * (`/api/auth/*`): the list comes from better-auth's own router, so a route a new version or
 * plugin adds fails here until authRouteTable (access-table.ts) says who may call it.
 */
const RUNS = Math.ceil(Number(process.env.FUZZ_RUNS ?? 150) / 3);

let t: TestApp;
beforeAll(async () => {
  // Google configured (its discovery is only fetched on use), so its routes are listed too.
  t = await createTestApp({ seed: false, env: { GOOGLE_CLIENT_ID: 'matrix', GOOGLE_CLIENT_SECRET: 'matrix-secret', GOOGLE_ISSUER: 'http://127.0.0.1:9' } });
});
afterAll(async () => t?.close());

/** `<METHOD> <path>` for every endpoint better-auth serves over HTTP. */
function exposedRoutes(): string[] {
  const keys = new Set<string>();
  for (const endpoint of Object.values(t.app.auth.api as Record<string, unknown>)) {
    const e = endpoint as { path?: string; options?: { method?: string | string[]; metadata?: { SERVER_ONLY?: boolean } } };
    if (typeof e?.path !== 'string' || e.options?.metadata?.SERVER_ONLY) continue;
    for (const method of ([] as string[]).concat(e.options?.method ?? [])) if (method !== '*') keys.add(`${method} ${e.path}`);
  }
  return [...keys].sort();
}

const fill = (path: string) => path.replace(/:[A-Za-z]+/g, 'google');

async function call(key: string, row: AuthRouteRow, cookie?: string, body: unknown = row.body) {
  const [method, path] = key.split(' ') as [string, string];
  return t.app.inject({
    method: method as 'GET',
    url: `/api/auth${fill(path)}${row.query ?? ''}`,
    headers: { origin: t.config.publicUrl, ...(cookie ? { cookie } : {}) },
    ...(method === 'POST' ? { payload: (body ?? {}) as object } : {}),
  });
}

describe(`better-auth routes: access (${engine})`, () => {
  it('every route better-auth serves is listed in authRouteTable', () => {
    const routes = exposedRoutes();
    if (process.env.DEBUG_AUTH_ROUTES) console.log(routes.join('\n'));
    expect(routes.length).toBeGreaterThan(25);
    for (const key of ['POST /update-user', 'POST /sign-up/email', 'GET /get-session', 'POST /two-factor/enable', 'POST /sign-in/social', 'GET /callback/:id'])
      expect(routes).toContain(key);
    const missing = routes.filter((k) => !authRouteTable[k]).map((k) => `add '${k}' to authRouteTable in access-table.ts`);
    expect(missing, missing.join('\n')).toEqual([]);
  });

  it('each route gives anonymous callers and customers exactly the access the table says', { timeout: 300_000 }, async () => {
    const violations: string[] = [];
    for (const key of exposedRoutes()) {
      const row = authRouteTable[key];
      if (!row) continue;
      const anonymous = (await call(key, row)).statusCode;
      // A throwaway customer: some of these calls end or change the session.
      const customer = (await call(key, row, (await signUp(t.app)).cookie)).statusCode;
      const through = (s: number) => s !== 401 && s !== 403 && s < 500;
      // public: no session needed, nobody is forbidden (a wrong password or code is a 401 for anybody); never 5xx.
      for (const [who, s] of [
        ['anonymous', anonymous],
        ['customer', customer],
      ] as const) {
        if (row.access === 'public' && (s >= 500 || s === 403)) violations.push(`${key} ${who}: got ${s}, expected to get through`);
      }
      // user: anonymous never succeeds (401, or 400 where better-auth validates before the guard).
      if (row.access === 'user' && (anonymous < 400 || anonymous >= 500)) violations.push(`${key} anonymous: got ${anonymous}, expected 401`);
      if (row.access === 'user' && !through(customer)) violations.push(`${key} customer: got ${customer}, expected to get through`);
      if (row.access === 'off' && (anonymous < 400 || anonymous >= 500 || customer < 400 || customer >= 500))
        violations.push(`${key} is off: got ${anonymous}/${customer}`);
    }
    expect(violations, violations.join('\n')).toEqual([]);
  });
});

const weird: fc.Arbitrary<unknown> = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.constantFrom('', '\u0000', 'x'.repeat(5000), '<script>', "' or 1=1 --", '../../etc/passwd'),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
);
const AUTH_FIELDS = [
  'email',
  'password',
  'name',
  'image',
  'newPassword',
  'currentPassword',
  'token',
  'code',
  'callbackURL',
  'redirectTo',
  'provider',
  'providerId',
  'newEmail',
  'revokeOtherSessions',
  'rememberMe',
  'trustDevice',
  'disableSession',
  'idToken',
  'errorCallbackURL',
  'newUserCallbackURL',
  'role',
  'emailVerified',
  'twoFactorEnabled',
  'scopes',
  'accountId',
];
const malformed: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: fc.dictionary(fc.oneof(fc.constantFrom(...AUTH_FIELDS), fc.string({ maxLength: 8 })), weird, { maxKeys: 5 }) },
  { weight: 1, arbitrary: weird },
);

describe(`better-auth routes: malformed bodies (${engine}, ${RUNS} runs per route)`, () => {
  it('never answer 5xx; every 4xx is JSON with a message', { timeout: 600_000 }, async () => {
    const problems: string[] = [];
    let cookie = (await signUp(t.app)).cookie;
    for (const key of exposedRoutes().filter((k) => k.startsWith('POST '))) {
      const row = authRouteTable[key] ?? { access: 'public' };
      await fc.assert(
        fc.asyncProperty(malformed, fc.boolean(), async (body, signedIn) => {
          const res = await call(key, row, signedIn ? cookie : undefined, body);
          if (res.statusCode >= 500) problems.push(`${key} ${JSON.stringify(body)?.slice(0, 150)} → ${res.statusCode} ${res.body.slice(0, 200)}`);
          else if (res.statusCode >= 400 && row.access !== 'off') {
            const type = String(res.headers['content-type'] ?? '');
            const json = type.includes('application/json') ? (JSON.parse(res.body) as { message?: unknown }) : null;
            if (!json || typeof json.message !== 'string') problems.push(`${key} → ${res.statusCode} without a JSON message: ${res.body.slice(0, 150)}`);
          }
        }),
        { numRuns: RUNS },
      );
      // A fuzzed call may have signed the user out or changed them: start each route fresh.
      cookie = (await signUp(t.app)).cookie;
    }
    expect(problems.slice(0, 20), problems.slice(0, 20).join('\n')).toEqual([]);
    expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
  });
});
