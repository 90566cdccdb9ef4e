import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeOrder, signUpAdmin, type SignedInUser } from '../helpers/factories.js';
import { createTestApp, engine, type TestApp } from '../helpers/test-app.js';
import { fillPattern, routeCollector, type RouteEntry } from './route-table.js';

/**
 * Property-based malformed input for every JSON endpoint, read from the route table. Requests are
 * sent as an admin so that guards let them through to validation. Expected: never a 5xx; every
 * 4xx is JSON `{ error, message }` and a VALIDATION_FAILED one names its `fields`; the server keeps
 * serving. `FUZZ_RUNS` (default 50 per endpoint and input kind; fast-check draws a new seed every
 * run, so runs add up) raises the count for `npm run bench -- --fuzz` (ADR 0024).
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 50);
/** Each of the two loops below walks every route: its time grows with the route count, not per route. */
const ALL_ROUTES_TIMEOUT_MS = 240_000;

/**
 * Not fuzzed here: multipart uploads (their own tests cover bad files), better-auth's catch-all
 * (auth-routes.test.ts fuzzes each of its routes) and the API reference's page and static assets
 * (no JSON input; openapi.test.ts checks them). `GET /api/openapi.json` is fuzzed like any read.
 */
const SKIP = new Set([
  'POST /api/profile/photo',
  'POST /api/uploads',
  'GET /api/auth/*',
  'POST /api/auth/*',
  'GET /metrics',
  'GET /api/docs',
  'GET /api/docs/json',
  'GET /api/docs/yaml',
  'GET /api/docs/static/index.html',
  'GET /api/docs/static/swagger-initializer.js',
  'GET /api/docs/static/*',
]);

/** Every field name the shared schemas use, so generated objects hit real validators. */
const FIELDS = [
  'productId',
  'quantity',
  'name',
  'price',
  'img',
  'description',
  'minimumOrderQuantity',
  'availableQuantity',
  'delta',
  'rating',
  'email',
  'phone',
  'address',
  'order',
  'page',
  'limit',
  'q',
  'sort',
  'status',
  'days',
  'cardNumber',
  'expiry',
  'cvc',
  'designation',
  'photoURL',
  'archived',
  'includeArchived',
  'all',
  'paid',
  'from',
  'to',
  'userEmail',
  'carrier',
  'trackingNumber',
  'expectedAvailableQuantity',
  'priceTiers',
  'orderMultiple',
  'sku',
  'brand',
  'category',
  'attributes',
  'images',
  'slug',
  // Issue 31: warehouses, shipments, backorders, returns.
  'warehouse',
  'code',
  'carriers',
  'trackingUrlTemplate',
  'backorder',
  'fulfilment',
  'received',
  'damaged',
  'refundShipping',
  'parent',
  'dryRun',
  'minPrice',
  'maxPrice',
  'inStock',
  'attr.Thread',
  'lines',
  'poNumber',
  'shippingAddress',
  'note',
  'company',
  'line1',
  'line2',
  'city',
  'postalCode',
  'country',
  'unitPrice',
  'scopes',
  'items',
  'updatedSince',
  'validUntil',
  'message',
  // company accounts (issue 18)
  'taxId',
  'billingAddress',
  'role',
  'spendingLimit',
  'paymentTerms',
  'creditLimit',
  'discountPercent',
  'label',
  'reason',
  'reference',
  'paymentMethod',
  'overdue',
  'token',
  'userId',
  // outgoing webhooks (issue 19)
  'url',
  'events',
  'active',
  'lowStockThreshold',
  // 'Buy again' replaces or adds to the cart (issue 29)
  'mode',
  // tax (issue 30)
  'rates',
  'taxClass',
  'rate',
  'region',
  'taxExemption',
  'certificateNumber',
  'expiresOn',
  // punchout (issue 32)
  'unspsc',
  'protocol',
  'fromIdentity',
  'senderIdentity',
  'sharedSecret',
  'ociUsername',
  'ociPassword',
  'allowedReturnOrigins',
  'memberEmail',
  'shipTo',
  'systemName',
  'domain',
  'identity',
  'direction',
  'failed',
  'companyId',
  // requisition lists (issue 33)
  'sharing',
  'add',
  'scope',
  // the seller's identity (issue 30)
  'legalName',
  'region',
  'taxNumber',
  'registrationNumber',
  'timeZone',
  // documents and pages (issue 33)
  'title',
  'body',
  'kind',
  'companies',
  'stock',
  // shipping and delivery dates (issue 30)
  'methods',
  'rates',
  'upToKg',
  'freeOver',
  'transitDays',
  'countries',
  'pickupAddress',
  'shippingMethod',
  'carrierAccount',
  'weightKg',
  'region',
  'shipping',
];

const hugeString = fc.integer({ min: 1000, max: 20000 }).map((n) => 'x'.repeat(n));
const weirdString = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom('', ' ', '\u0000', '💥'.repeat(50), '../../etc/passwd', "' or 1=1 --", '<script>', '{}', 'NaN', '-0', '1e309', '0x10'),
  hugeString,
);
const weirdNumber = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(-1, 0, 0.5, 49.5, -50, 1e21, Number.MAX_SAFE_INTEGER + 2, -Number.MAX_SAFE_INTEGER),
);
const weirdValue: fc.Arbitrary<unknown> = fc.oneof(
  weirdString,
  weirdNumber,
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(weirdString, weirdNumber), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), weirdString, { maxKeys: 3 }),
);
/** Objects whose keys are real field names (missing, wrong-typed) plus extra unknown keys. */
const malformedObject = fc.dictionary(fc.oneof(fc.constantFrom(...FIELDS), fc.string({ maxLength: 10 })), weirdValue, { maxKeys: 6 });
const malformedBody: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: malformedObject },
  { weight: 1, arbitrary: fc.anything({ maxDepth: 2 }) },
  { weight: 1, arbitrary: weirdValue },
);
const rawJson = fc.oneof(fc.string({ maxLength: 50 }), fc.constantFrom('{', '{"quantity":', '[1,2', 'null', '"x"', '{"a":1}}', '\u0000'));
const queryValue = fc.oneof(
  weirdString.filter((s) => s.length < 3000),
  weirdNumber.map(String),
);
const malformedQuery = fc.dictionary(fc.oneof(fc.constantFrom(...FIELDS), fc.string({ maxLength: 8 })), queryValue, { maxKeys: 5 });
const malformedParam = fc.oneof(
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 60 }),
  fc.constantFrom('0', '-1', 'null', 'undefined', 'a'.repeat(24), 'g'.repeat(24), 'A1B2C3D4E5F6A1B2C3D4E5F6', '%00', '..', 'x'.repeat(400)),
);

const collector = routeCollector();
let t: TestApp;
let admin: SignedInUser;

beforeAll(async () => {
  t = await createTestApp({ onRoute: collector.onRoute });
  admin = await signUpAdmin(t.app);
});
afterAll(async () => t?.close());

interface Reply {
  statusCode: number;
  headers: Record<string, unknown>;
  body: string;
}

function checkReply(what: string, res: Reply, mustBe4xx: boolean): void {
  if (res.statusCode >= 500) throw new Error(`${what} → ${res.statusCode} ${res.body.slice(0, 300)}`);
  if (mustBe4xx && (res.statusCode < 400 || res.statusCode >= 500)) throw new Error(`${what} → ${res.statusCode}, expected a 4xx`);
  if (res.statusCode >= 400) {
    const type = String(res.headers['content-type'] ?? '');
    if (!type.includes('application/json')) throw new Error(`${what} → ${res.statusCode} is not JSON (${type})`);
    const body = JSON.parse(res.body) as { error?: unknown; message?: unknown; fields?: unknown; lines?: unknown };
    if (typeof body.error !== 'string' || typeof body.message !== 'string')
      throw new Error(`${what} → ${res.statusCode} lacks error/message: ${res.body.slice(0, 200)}`);
    // A many-line request (bulk cart add, checkout) names its bad lines in `lines` instead.
    const namesLines = Array.isArray(body.lines) && body.lines.length > 0;
    if (
      body.error === 'VALIDATION_FAILED' &&
      !namesLines &&
      (typeof body.fields !== 'object' || body.fields === null || Object.keys(body.fields).length === 0)
    ) {
      throw new Error(`${what} → VALIDATION_FAILED without fields: ${res.body.slice(0, 200)}`);
    }
  }
}

const fuzzable = () => collector.routes.filter((r) => !SKIP.has(r.key) && r.url.startsWith('/api/'));
const hasBody = (r: RouteEntry) => r.method === 'POST' || r.method === 'PUT' || r.method === 'PATCH';

describe(`fuzzing every JSON endpoint (${engine}, ${RUNS} runs per kind)`, () => {
  it('finds the endpoints in the route table', () => {
    expect(fuzzable().length).toBeGreaterThan(8);
  });

  it(
    'malformed JSON bodies → 4xx JSON naming the field, never 5xx',
    async () => {
      for (const route of fuzzable().filter(hasBody)) {
        const url = fillPattern(route.url, 'AAAAAAAAAAAAAAAAAAAAAAAA');
        await fc.assert(
          fc.asyncProperty(malformedBody, async (body) => {
            const res = await t.app.inject({
              method: route.method as 'POST',
              url,
              headers: { cookie: admin.cookie, 'content-type': 'application/json' },
              payload: JSON.stringify(body) ?? 'null',
            });
            checkReply(`${route.key} body ${JSON.stringify(body)?.slice(0, 200)}`, res, false);
          }),
          { numRuns: RUNS },
        );
        await fc.assert(
          fc.asyncProperty(rawJson, async (raw) => {
            const res = await t.app.inject({
              method: route.method as 'POST',
              url,
              headers: { cookie: admin.cookie, 'content-type': 'application/json' },
              payload: raw,
            });
            checkReply(`${route.key} raw ${JSON.stringify(raw)}`, res, false);
          }),
          { numRuns: Math.ceil(RUNS / 3) },
        );
      }
    },
    ALL_ROUTES_TIMEOUT_MS,
  );

  it(
    'malformed query strings and ids → never 5xx',
    async () => {
      for (const route of fuzzable()) {
        const hasParams = /:[A-Za-z_]+/.test(route.url);
        await fc.assert(
          fc.asyncProperty(malformedQuery, malformedParam, async (query, param) => {
            const path = hasParams ? fillPattern(route.url, encodeURIComponent(param)) : route.url;
            const qs = new URLSearchParams(query as Record<string, string>).toString();
            const url = qs ? `${path}?${qs}` : path;
            const res = await t.app.inject({ method: route.method as 'GET', url, headers: { cookie: admin.cookie } });
            checkReply(`${route.method} ${url.slice(0, 200)}`, res, false);
          }),
          { numRuns: RUNS },
        );
      }
    },
    ALL_ROUTES_TIMEOUT_MS,
  );

  it('quantity, ids and numbers that are always wrong → always 4xx', async () => {
    const purchase = collector.routes.find((r) => r.key === 'POST /api/purchase');
    const targets: Array<{ key: string; url: string; field: string }> = [
      { key: 'POST /api/service/:id/stock', url: '/api/service/AAAAAAAAAAAAAAAAAAAAAAAA/stock', field: 'delta' },
      ...(purchase ? [{ key: 'POST /api/purchase', url: '/api/purchase', field: 'quantity' }] : []),
    ];
    const badNumber = fc.oneof(fc.double({ noInteger: true, noNaN: true, noDefaultInfinity: true }), weirdString, fc.constant(null), fc.boolean());
    for (const target of targets) {
      await fc.assert(
        fc.asyncProperty(badNumber, async (value) => {
          const res = await t.app.inject({
            method: 'POST',
            url: target.url,
            headers: { cookie: admin.cookie },
            payload: { productId: 'nope', [target.field]: value },
          });
          checkReply(`${target.key} ${target.field}=${JSON.stringify(value)?.slice(0, 80)}`, res, true);
        }),
        { numRuns: RUNS },
      );
    }
  });

  it("card fields on the buyer's own order → always 4xx naming the field, the order stays unpaid", async () => {
    const order = await placeOrder(t.app, admin);
    const url = `/api/purchase/${order._id}/pay`;
    await fc.assert(
      fc.asyncProperty(malformedObject, async (body) => {
        const res = await t.app.inject({ method: 'POST', url, headers: { cookie: admin.cookie }, payload: body as object });
        checkReply(`POST ${url} ${JSON.stringify(body).slice(0, 200)}`, res, true);
      }),
      { numRuns: RUNS },
    );
    const after = await t.app.inject({ url: `/api/purchase/${order._id}`, headers: { cookie: admin.cookie } });
    expect(after.json()).toMatchObject({ status: 'pending', paid: false });
  });

  it('answers to a real requested quote that are always wrong → always 4xx, the quote stays requested', async () => {
    const product = (await t.app.inject({ url: '/api/service?limit=1' })).json() as Array<{ _id: string }>;
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/quotes',
      headers: { cookie: admin.cookie },
      payload: { lines: [{ productId: product[0]!._id, quantity: 2000 }] },
    });
    const url = `/api/quotes/${(created.json() as { _id: string })._id}`;
    await fc.assert(
      fc.asyncProperty(malformedObject, async (body) => {
        const res = await t.app.inject({ method: 'PATCH', url, headers: { cookie: admin.cookie }, payload: body as object });
        checkReply(`PATCH ${url} ${JSON.stringify(body).slice(0, 200)}`, res, true);
      }),
      { numRuns: RUNS },
    );
    expect((await t.app.inject({ url, headers: { cookie: admin.cookie } })).json()).toMatchObject({ status: 'requested' });
  });

  it("accept bodies on the admin's own answered quote with a bad ship-to or payment method → always 4xx naming the field, the quote stays answered", async () => {
    const product = (await t.app.inject({ url: '/api/service?limit=1' })).json() as Array<{ _id: string }>;
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/quotes',
      headers: { cookie: admin.cookie },
      payload: { lines: [{ productId: product[0]!._id, quantity: 2000 }] },
    });
    const id = (created.json() as { _id: string })._id;
    const answered = await t.app.inject({
      method: 'PATCH',
      url: `/api/quotes/${id}`,
      headers: { cookie: admin.cookie },
      payload: { lines: [{ productId: product[0]!._id, unitPrice: 1 }], validUntil: new Date(Date.now() + 86_400_000).toISOString() },
    });
    expect(answered.statusCode, answered.body).toBe(200);
    // Issue 29: the checkout's fields on top of anything else; a weird value is never a valid ship-to or payment method.
    const badAccept = fc
      .record({ rest: malformedObject, field: fc.constantFrom('shippingAddress', 'paymentMethod'), value: weirdValue })
      .map(({ rest, field, value }) => ({ ...(rest as object), [field]: value }));
    const url = `/api/quotes/${id}/accept`;
    await fc.assert(
      fc.asyncProperty(badAccept, async (body) => {
        const res = await t.app.inject({ method: 'POST', url, headers: { cookie: admin.cookie }, payload: body });
        checkReply(`POST ${url} ${JSON.stringify(body).slice(0, 200)}`, res, true);
      }),
      { numRuns: RUNS },
    );
    expect((await t.app.inject({ url: `/api/quotes/${id}`, headers: { cookie: admin.cookie } })).json()).toMatchObject({ status: 'answered' });
  });

  it('company bodies on a real company (the shop admin is its company admin too) → never 5xx, 4xx JSON naming the field', async () => {
    const address = { name: 'Fuzz Admin', line1: '1 Mill Road', city: 'Leeds', postalCode: 'LS1 4AB', country: 'United Kingdom' };
    const send = (method: 'POST' | 'PATCH' | 'PUT', url: string, payload: unknown) =>
      t.app.inject({ method, url, headers: { cookie: admin.cookie, 'content-type': 'application/json' }, payload: JSON.stringify(payload) ?? 'null' });
    const created = await send('POST', '/api/companies', { name: 'Fuzz Company', billingAddress: address });
    expect(created.statusCode, created.body).toBe(201);
    const id = (created.json() as { id: string }).id;
    const product = ((await t.app.inject({ url: '/api/service?limit=1' })).json() as Array<{ _id: string }>)[0]!._id;
    const order = await placeOrder(t.app, admin);
    const targets: Array<['POST' | 'PATCH' | 'PUT', string]> = [
      ['PATCH', `/api/companies/${id}`],
      ['PATCH', `/api/companies/${id}/members/${admin.id}`],
      ['POST', `/api/companies/${id}/invitations`],
      ['POST', `/api/companies/${id}/addresses`],
      ['PUT', `/api/companies/${id}/prices/${product}`],
      ['POST', `/api/purchase/${order._id}/reject`],
      ['POST', `/api/purchase/${order._id}/mark-paid`],
      ['POST', '/api/cart/checkout'],
      // issue 29: the admin is this order's buyer, so its ship-to change gets past the owner check
      ['PATCH', `/api/purchase/${order._id}/shipping-address`],
    ];
    for (const [method, url] of targets) {
      await fc.assert(
        fc.asyncProperty(malformedObject, async (body) => {
          checkReply(`${method} ${url} ${JSON.stringify(body).slice(0, 200)}`, await send(method, url, body), false);
        }),
        { numRuns: RUNS },
      );
    }
  });

  it('punchout’s document routes (issue 32): malformed XML, forms and queries → never 5xx; cXML or a page, never JSON', async () => {
    const cxml = (inner: string) =>
      `<?xml version="1.0"?><!DOCTYPE cXML SYSTEM "http://xml.cxml.org/schemas/cXML/1.2.014/cXML.dtd"><cXML payloadID="f@x"><Header><From><Credential domain="NetworkID"><Identity>AN1</Identity></Credential></From><Sender><Credential domain="NetworkID"><Identity>AN2</Identity><SharedSecret>s</SharedSecret></Credential></Sender></Header>${inner}</cXML>`;
    const xmlish = fc.oneof(
      fc.string({ maxLength: 200 }),
      fc.string({ unit: 'binary', maxLength: 200 }),
      fc.constantFrom('<', '<cXML>', '<cXML/>', '<?xml?>', '<!DOCTYPE x>', '<!ENTITY a "b">', '&amp;', '&x;', '<a><b></a></b>', '\u0000'),
      weirdString.map((w) =>
        cxml(`<Request><PunchOutSetupRequest operation="${w.slice(0, 20)}"><BuyerCookie>${w}</BuyerCookie></PunchOutSetupRequest></Request>`),
      ),
      weirdString.map((w) =>
        cxml(`<Request><OrderRequest><OrderRequestHeader orderID="${w.slice(0, 60)}"/><ItemOut quantity="${w}"/></OrderRequest></Request>`),
      ),
      fc.string({ maxLength: 80 }).map((w) => cxml(w)),
    );
    const contentTypes = fc.constantFrom('text/xml', 'application/xml; charset=utf-8', 'application/json', 'text/plain', 'application/x-www-form-urlencoded');
    const isDocument = (res: Reply, media: string) => String(res.headers['content-type'] ?? '').includes(media);
    for (const route of ['/punchout/cxml/setup', '/punchout/cxml/order']) {
      await fc.assert(
        fc.asyncProperty(xmlish, contentTypes, async (body, type) => {
          const res = await t.app.inject({ method: 'POST', url: route, headers: { 'content-type': type }, payload: body });
          if (res.statusCode >= 500 || !isDocument(res, 'text/xml'))
            throw new Error(`${route} ${type} ${JSON.stringify(body).slice(0, 200)} → ${res.statusCode} ${res.body.slice(0, 200)}`);
        }),
        { numRuns: RUNS },
      );
    }
    await fc.assert(
      fc.asyncProperty(malformedQuery, malformedParam, async (query, param) => {
        const qs = new URLSearchParams(query as Record<string, string>).toString();
        for (const res of [
          await t.app.inject({ url: `/punchout/oci?${qs}` }),
          await t.app.inject({ method: 'POST', url: '/punchout/oci', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: qs }),
          // ('.' and '..' are path steps: /punchout/start/.. is another path, a 404 of the app's own)
          await t.app.inject({ url: `/punchout/start/${/^\.{1,2}$/.test(param) ? 'x' : encodeURIComponent(param)}` }),
          await t.app.inject({ method: 'POST', url: '/punchout/return', headers: { cookie: admin.cookie } }),
        ]) {
          if (res.statusCode >= 500 || (res.statusCode >= 400 && !isDocument(res, 'text/html')))
            throw new Error(`${qs} ${param} → ${res.statusCode} ${res.body.slice(0, 200)}`);
        }
      }),
      { numRuns: RUNS },
    );
  });

  it("list bodies on the admin's own real list → never 5xx, 4xx JSON naming the field or the line", async () => {
    const product = ((await t.app.inject({ url: '/api/service?limit=1' })).json() as Array<{ _id: string }>)[0]!._id;
    const send = (method: 'POST' | 'PATCH' | 'PUT', url: string, payload: unknown) =>
      t.app.inject({ method, url, headers: { cookie: admin.cookie, 'content-type': 'application/json' }, payload: JSON.stringify(payload) ?? 'null' });
    const created = await send('POST', '/api/lists', { name: 'Fuzz list', items: [{ productId: product, quantity: 100 }] });
    expect(created.statusCode, created.body).toBe(201);
    const id = (created.json() as { _id: string })._id;
    const badItems = fc.array(malformedObject, { maxLength: 4 }).map((items) => ({ name: 'Fuzzed', items }));
    const targets: Array<['POST' | 'PATCH' | 'PUT', string, fc.Arbitrary<unknown>]> = [
      ['POST', '/api/lists', fc.oneof(malformedObject, badItems)],
      [
        'PATCH',
        `/api/lists/${id}`,
        fc.oneof(
          malformedObject,
          badItems.map(({ items }) => ({ add: items })),
        ),
      ],
      ['PUT', `/api/lists/${id}/items/${product}`, malformedObject],
    ];
    for (const [method, url, body] of targets) {
      await fc.assert(
        fc.asyncProperty(body, async (b) => {
          checkReply(`${method} ${url} ${JSON.stringify(b).slice(0, 200)}`, await send(method, url, b), false);
        }),
        { numRuns: RUNS },
      );
    }
  });

  it('keeps serving afterwards', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    const list = await t.app.inject({ method: 'GET', url: '/api/service' });
    expect(list.statusCode).toBe(200);
  });
});
