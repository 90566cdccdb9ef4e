import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/lib/ids.js';
import { placeOrder, signUp, signUpAdmin, type SignedInUser } from '../helpers/factories.js';
import { createTestApp, engine, type TestApp } from '../helpers/test-app.js';
import { accessTable, type AccessContext, type AccessRow } from './access-table.js';
import { fillPattern, routeCollector } from './route-table.js';

const collector = routeCollector();
let t: TestApp;
let customerA: SignedInUser;
let customerB: SignedInUser;
let admin: SignedInUser;
let ctx: AccessContext;

beforeAll(async () => {
  t = await createTestApp({ onRoute: collector.onRoute });
  customerA = await signUp(t.app);
  customerB = await signUp(t.app);
  admin = await signUpAdmin(t.app);
  const list = await t.app.inject({ method: 'GET', url: '/api/service?limit=1' });
  const productId = (list.json() as Array<{ _id: string }>)[0]!._id;
  const order = await placeOrder(t.app, customerA);
  const toCancel = await placeOrder(t.app, customerA);
  const quote = await t.app.inject({
    method: 'POST',
    url: '/api/quotes',
    headers: { cookie: customerA.cookie, origin: t.config.publicUrl },
    payload: { lines: [{ productId, quantity: 5000 }] },
  });
  if (quote.statusCode !== 201) throw new Error(`quote request failed: ${quote.statusCode} ${quote.body}`);
  ctx = {
    productId,
    owner: { id: customerA.id, email: customerA.email },
    orderId: order._id,
    cancelOrderId: toCancel._id,
    quoteId: (quote.json() as { _id: string })._id,
    randomId: newId(),
  };
});
afterAll(async () => t?.close());

type Who = 'anonymous' | 'customer' | 'other customer' | 'admin';

async function call(route: { method: string; url: string }, row: AccessRow, who: Who): Promise<number> {
  const cookie = who === 'anonymous' ? undefined : who === 'admin' ? admin.cookie : who === 'other customer' ? customerB.cookie : customerA.cookie;
  const url = row.path ? row.path(ctx) : fillPattern(route.url, ctx.randomId);
  const body = row.body?.(ctx);
  const res = await t.app.inject({
    method: route.method as 'GET',
    url,
    headers: { ...(cookie ? { cookie } : {}), origin: t.config.publicUrl },
    ...(body !== undefined ? { payload: body as object } : {}),
  });
  return res.statusCode;
}

const passes = (s: number) => s !== 401 && s !== 403 && s < 500;

describe(`access-control matrix (${engine})`, () => {
  it('every route in the route table has a row in access-table.ts', () => {
    expect(collector.routes.length).toBeGreaterThan(10);
    const missing = collector.routes.filter((r) => !accessTable[r.key]).map((r) => `add ${r.key} to access-table.ts`);
    expect(missing, missing.join('\n')).toEqual([]);
  });

  it('each role gets exactly the access the table says (0 violations)', async () => {
    const violations: string[] = [];
    for (const route of collector.routes) {
      const row = accessTable[route.key];
      if (!row) continue;
      const expectations: Array<[Who, (s: number) => boolean, string]> = [];
      const allow = (who: Who) => expectations.push([who, passes, 'to get through']);
      switch (row.access) {
        case 'public':
          allow('anonymous');
          allow('customer');
          allow('admin');
          break;
        case 'user':
          expectations.push(['anonymous', (s) => s === 401, '401']);
          allow('customer');
          allow('admin');
          break;
        case 'admin':
          expectations.push(['anonymous', (s) => s === 401, '401']);
          expectations.push(['customer', (s) => s === 403, '403']);
          allow('admin');
          break;
        case 'owner':
          expectations.push(['anonymous', (s) => s === 401, '401']);
          allow('customer');
          expectations.push(['other customer', (s) => s === 403 || s === 404, '403 or 404']);
          allow('admin');
          break;
        case 'self':
          expectations.push(['anonymous', (s) => s === 401, '401']);
          allow('customer');
          expectations.push(['other customer', (s) => s === 403 || s === 404, '403 or 404']);
          expectations.push(['admin', (s) => s === 403 || s === 404, '403 or 404']);
          break;
      }
      for (const [who, ok, wanted] of expectations) {
        const status = await call(route, row, who);
        if (!ok(status)) violations.push(`${route.key} as ${who}: got ${status}, expected ${wanted}`);
      }
    }
    expect(violations, violations.join('\n')).toEqual([]);
  });

  it('/metrics refuses non-loopback clients when no METRICS_TOKEN is set', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: 'FORBIDDEN' });
  });
});
