import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/lib/ids.js';
import { placeOrder, signUp, signUpAdmin, type SignedInUser } from '../helpers/factories.js';
import { createTestApp, engine, type TestApp } from '../helpers/test-app.js';
import { accessTable, MATRIX_ADDRESS, type AccessContext, type AccessRow, type CompanyContext } from './access-table.js';
import { fillPattern, routeCollector } from './route-table.js';

const collector = routeCollector();
let t: TestApp;
let customerA: SignedInUser;
let customerB: SignedInUser;
let admin: SignedInUser;
let ctx: AccessContext;
/** Company A: admin, approver, buyer (spending limit $1); company B: admin. */
let coAdmin: SignedInUser;
let coApprover: SignedInUser;
let coBuyer: SignedInUser;
let otherCoAdmin: SignedInUser;

async function send(method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, who: SignedInUser | undefined, payload?: object) {
  return t.app.inject({ method, url, headers: { ...(who ? { cookie: who.cookie } : {}), origin: t.config.publicUrl }, ...(payload ? { payload } : {}) });
}

async function expectStatus<R extends { statusCode: number; body: string }>(res: R, status: number, what: string): Promise<R> {
  if (res.statusCode !== status) throw new Error(`${what}: ${res.statusCode} ${res.body}`);
  return res;
}

/** The invitation's token, from the link in the mail to `email` (the mail worker delivers it a moment later). */
async function invitationToken(email: string): Promise<string> {
  for (let i = 0; i < 200; i++) {
    const token = t.mail
      .filter((m) => m.to === email)
      .map((m) => /\/invitations\/([^\s"<>/?#]+)/.exec(m.text)?.[1])
      .find(Boolean);
    if (token) return token;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no invitation mail to ${email}`);
}

/** Invites a new user into the company as `role` (through the mailed link) and answers them signed in. */
async function member(companyId: string, role: 'admin' | 'approver' | 'buyer'): Promise<SignedInUser> {
  const user = await signUp(t.app);
  await expectStatus(await send('POST', `/api/companies/${companyId}/invitations`, coAdmin, { email: user.email, role }), 201, `invite ${role}`);
  await expectStatus(await send('POST', `/api/invitations/${await invitationToken(user.email)}/accept`, user), 200, `accept ${role}`);
  return user;
}

async function buildCompanies(): Promise<CompanyContext> {
  coAdmin = await signUp(t.app, { name: 'Company Admin' });
  const created = await expectStatus(
    await send('POST', '/api/companies', coAdmin, { name: 'Matrix Company A', billingAddress: MATRIX_ADDRESS }),
    201,
    'create company A',
  );
  const id = (created.json() as { id: string }).id;
  coApprover = await member(id, 'approver');
  coBuyer = await member(id, 'buyer');
  const spare = await member(id, 'buyer');
  await expectStatus(await send('PATCH', `/api/companies/${id}/members/${coBuyer.id}`, coAdmin, { spendingLimit: 1 }), 200, 'set the limit');
  const open = await expectStatus(
    await send('POST', `/api/companies/${id}/invitations`, coAdmin, { email: `matrix.open.${newId()}@example.com`, role: 'buyer' }),
    201,
    'open invitation',
  );
  const address = await expectStatus(
    await send('POST', `/api/companies/${id}/addresses`, coAdmin, { label: 'Matrix dock', address: MATRIX_ADDRESS }),
    201,
    'add address',
  );
  const [approve, reject] = [await placeOrder(t.app, coBuyer), await placeOrder(t.app, coBuyer)];
  for (const order of [approve, reject]) if (order.status !== 'awaiting_approval') throw new Error(`above the limit, got ${order.status}`);
  otherCoAdmin = await signUp(t.app, { name: 'Other Company Admin' });
  const other = await expectStatus(
    await send('POST', '/api/companies', otherCoAdmin, { name: 'Matrix Company B', billingAddress: MATRIX_ADDRESS }),
    201,
    'create company B',
  );
  return {
    id,
    otherId: (other.json() as { id: string }).id,
    spareMemberId: spare.id,
    invitationId: (open.json() as { id: string }).id,
    addressId: (address.json() as { id: string }).id,
    approveOrderId: approve._id,
    rejectOrderId: reject._id,
  };
}

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
  const company = await buildCompanies();
  const newList = async (name: string) => {
    const res = await send('POST', '/api/lists', customerA, { name, items: [{ productId, quantity: 100 }] });
    return (await expectStatus(res, 201, `list ${name}`)).json() as { _id: string };
  };
  const [reqList, listToDelete] = [await newList('Matrix list'), await newList('Matrix list to delete')];
  ctx = {
    company,
    productId,
    owner: { id: customerA.id, email: customerA.email },
    orderId: order._id,
    cancelOrderId: toCancel._id,
    quoteId: (quote.json() as { _id: string })._id,
    listId: reqList._id,
    listToDeleteId: listToDelete._id,
    randomId: newId(),
  };
});
afterAll(async () => t?.close());

type Who = 'anonymous' | 'customer' | 'other customer' | 'admin' | 'company admin' | 'approver' | 'buyer' | 'other company admin';

function userOf(who: Who): SignedInUser | undefined {
  switch (who) {
    case 'anonymous':
      return undefined;
    case 'customer':
      return customerA;
    case 'other customer':
      return customerB;
    case 'admin':
      return admin;
    case 'company admin':
      return coAdmin;
    case 'approver':
      return coApprover;
    case 'buyer':
      return coBuyer;
    case 'other company admin':
      return otherCoAdmin;
  }
}

async function call(route: { method: string; url: string }, row: AccessRow, who: Who): Promise<number> {
  const cookie = userOf(who)?.cookie;
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
        case 'company-member':
        case 'company-admin':
        case 'company-admin-only':
        case 'company-shop-admin': {
          const refused = (s: number) => s === 403;
          expectations.push(['anonymous', (s) => s === 401, '401']);
          expectations.push(['customer', (s) => s === 404, '404']);
          expectations.push(['other company admin', (s) => s === 404, '404']);
          const members = ['buyer', 'approver', 'company admin'] as const;
          const through: readonly Who[] = {
            'company-member': [...members, 'admin'] as const,
            'company-admin': ['company admin', 'admin'] as const,
            'company-admin-only': ['company admin'] as const,
            'company-shop-admin': ['admin'] as const,
          }[row.access];
          // Refusals first: a caller who gets through may change what the next one finds.
          for (const who of [...members, 'admin'] as const) if (!through.includes(who)) expectations.push([who, refused, '403']);
          for (const who of through) allow(who);
          break;
        }
        case 'company-approver':
          expectations.push(['anonymous', (s) => s === 401, '401']);
          expectations.push(['customer', (s) => s === 404, '404']);
          expectations.push(['other company admin', (s) => s === 404, '404']);
          expectations.push(['admin', (s) => s === 404, '404']);
          expectations.push(['buyer', (s) => s === 403, '403 (their own order)']);
          allow('approver');
          allow('company admin');
          break;
        case 'shop-admin-only':
          expectations.push(['anonymous', (s) => s === 401, '401']);
          for (const who of ['customer', 'buyer', 'approver', 'company admin', 'other company admin'] as const)
            expectations.push([who, (s) => s === 403, '403']);
          allow('admin');
          break;
      }
      for (const [who, ok, wanted] of expectations) {
        const status = await call(route, row, who);
        if (!ok(status)) violations.push(`${route.key} as ${who}: got ${status}, expected ${wanted}`);
      }
    }
    expect(violations, violations.join('\n')).toEqual([]);
  });

  it("company orders: A's members see A's orders as their role allows, nobody else does", async () => {
    const { approveOrderId, rejectOrderId, id, otherId } = ctx.company;
    const sees: Array<[string, SignedInUser | undefined, number]> = [
      ['buyer', coBuyer, 200],
      ['approver', coApprover, 200],
      ['company admin', coAdmin, 200],
      ['shop admin', admin, 200],
      ['other company admin', otherCoAdmin, 404],
      ['customer', customerA, 404],
      ['anonymous', undefined, 401],
    ];
    const wrong: string[] = [];
    for (const [who, user, status] of sees) {
      const got = (await send('GET', `/api/purchase/${approveOrderId}`, user)).statusCode;
      if (got !== status) wrong.push(`GET /api/purchase/:id as ${who}: ${got}, expected ${status}`);
    }
    const companyList = async (user: SignedInUser | undefined) => {
      const res = await send('GET', '/api/purchase?company=true&limit=100', user);
      return { status: res.statusCode, ids: res.statusCode === 200 ? (res.json() as Array<{ _id: string }>).map((o) => o._id) : [] };
    };
    for (const [who, user] of [
      ['approver', coApprover],
      ['company admin', coAdmin],
      ['buyer', coBuyer],
    ] as const) {
      const list = await companyList(user);
      if (list.status !== 200 || !list.ids.includes(approveOrderId) || !list.ids.includes(rejectOrderId))
        wrong.push(`?company=true as ${who}: ${list.status} without both of the buyer's orders`);
    }
    const other = await companyList(otherCoAdmin);
    if (other.status !== 200 || other.ids.includes(approveOrderId) || other.ids.includes(rejectOrderId))
      wrong.push(`?company=true as B's admin: ${other.status}, lists A's orders: ${other.ids.includes(approveOrderId)}`);
    for (const [who, user, status] of [
      ['customer in no company', customerA, 404],
      ['anonymous', undefined, 401],
    ] as const) {
      const list = await companyList(user);
      if (list.status !== status) wrong.push(`?company=true as ${who}: ${list.status}, expected ${status}`);
    }
    // Each company's admin is an outsider to the other.
    if ((await send('GET', `/api/companies/${otherId}`, coAdmin)).statusCode !== 404) wrong.push("A's admin reads company B");
    if ((await send('GET', `/api/companies/${id}/members`, otherCoAdmin)).statusCode !== 404) wrong.push("B's admin lists A's members");
    expect(wrong, wrong.join('\n')).toEqual([]);
  });

  it("terms, credit limits and discounts are the shop's: a company admin sending them gets 403 naming each", async () => {
    const { id } = ctx.company;
    const res = await send('PATCH', `/api/companies/${id}`, coAdmin, { paymentTerms: 'net30', creditLimit: 1000, discountPercent: 20 });
    expect(res.statusCode).toBe(403);
    expect(Object.keys((res.json() as { fields?: Record<string, string> }).fields ?? {}).sort()).toEqual(['creditLimit', 'discountPercent', 'paymentTerms']);
    const company = (await send('GET', `/api/companies/${id}`, coAdmin)).json() as { paymentTerms: unknown; creditLimit: unknown; discountPercent: unknown };
    expect(company).toMatchObject({ paymentTerms: null, creditLimit: null, discountPercent: null });
    expect((await send('PATCH', `/api/companies/${id}`, admin, { paymentTerms: 'net30', creditLimit: 1000 })).statusCode).toBe(200);
  });

  it('/metrics refuses non-loopback clients when no METRICS_TOKEN is set', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: 'FORBIDDEN' });
  });
});
