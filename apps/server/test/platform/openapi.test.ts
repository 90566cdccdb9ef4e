import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCS_PREFIX, OPENAPI_URL } from '../../src/plugins/openapi.js';
import { routeCollector } from '../security/route-table.js';
import { createTestApp, engine, type TestApp } from '../helpers/test-app.js';

interface Operation {
  'x-access'?: string;
  security?: unknown[];
  parameters?: Array<{ name: string; in: string }>;
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: Record<string, unknown> }> }>;
}
interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown>; securitySchemes: Record<string, unknown> };
}

const collector = routeCollector();
let t: TestApp;
let doc: OpenApiDocument;

/** A Fastify route pattern as an OpenAPI path: `:id` → `{id}`, a trailing `*` → `{*}`. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\*$/, '{*}');
/** Swagger UI's own routes (the page and its assets) are not part of the API. */
const isDocsUi = (url: string) => url === DOCS_PREFIX || url.startsWith(`${DOCS_PREFIX}/`);
/** better-auth's router is one Fastify route; the document lists its endpoints one by one instead. */
const AUTH_ROUTE = '/api/auth/*';
const isAuthPath = (path: string) => path.startsWith('/api/auth/');
const operations = () => Object.entries(doc.paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => ({ method: m, path: p })));

beforeAll(async () => {
  t = await createTestApp({ onRoute: collector.onRoute });
  const res = await t.app.inject({ method: 'GET', url: OPENAPI_URL });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toContain('application/json');
  doc = res.json() as OpenApiDocument;
});
afterAll(async () => t?.close());

describe(`OpenAPI document (${engine})`, () => {
  it('is an OpenAPI 3.1 document: openapi, info, paths, the one error shape', () => {
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(doc.info).toMatchObject({ title: expect.any(String), version: expect.any(String) });
    expect(Object.keys(doc.paths).length).toBeGreaterThan(40);
    expect(doc.components.schemas.ApiError).toMatchObject({ type: 'object', required: ['error', 'message'] });
    expect(doc.components.securitySchemes.session).toMatchObject({ type: 'apiKey', in: 'cookie' });
    // Every `$ref` points at a schema the document has.
    const refs = JSON.stringify(doc).match(/"\$ref":"[^"]+"/g) ?? [];
    for (const ref of new Set(refs)) {
      const name = /#\/components\/schemas\/([^"]+)"/.exec(ref)?.[1];
      expect(name && doc.components.schemas[name], ref).toBeTruthy();
    }
  });

  it('has every route in the route table, with its method', () => {
    const routes = collector.routes.filter((r) => !isDocsUi(r.url));
    expect(routes.length).toBeGreaterThan(40);
    const documented = (method: string, url: string) =>
      url === AUTH_ROUTE ? operations().some((op) => op.method === method && isAuthPath(op.path)) : Boolean(doc.paths[openApiPath(url)]?.[method]);
    const missing = routes.filter((r) => !documented(r.method.toLowerCase(), r.url)).map((r) => r.key);
    expect(missing, `missing from ${OPENAPI_URL}: ${missing.join(', ')}`).toEqual([]);
    // …and nothing it does not serve (the reference UI's own routes are hidden); better-auth's
    // endpoints are served by its one route, with that route's methods.
    const known = new Set(routes.map((r) => `${r.method.toLowerCase()} ${r.url === AUTH_ROUTE ? AUTH_ROUTE : openApiPath(r.url)}`));
    const extra = operations()
      .map(({ method, path }) => `${method} ${isAuthPath(path) ? AUTH_ROUTE : path}`)
      .filter((k) => !known.has(k));
    expect(extra).toEqual([]);
    expect(doc.paths['/api/auth/{*}'], 'the catch-all gives way to the endpoints it serves').toBeUndefined();
  });

  it('says who may call each route, and every error answer is ApiError', () => {
    const ops = Object.entries(doc.paths).flatMap(([p, methods]) => Object.entries(methods).map(([m, op]) => ({ key: `${m.toUpperCase()} ${p}`, op })));
    for (const { key, op } of ops) {
      expect(['public', 'user', 'verified-user', 'admin'], key).toContain(op['x-access']);
      expect(op.security, key).toEqual(op['x-access'] === 'public' ? [] : [{ session: [] }]);
      // (a redirect is the success of a mailed link or an OAuth callback)
      expect(
        Object.keys(op.responses).some((s) => /^[23]/.test(s)),
        `${key} has a success answer`,
      ).toBe(true);
      for (const [status, answer] of Object.entries(op.responses)) {
        if (!/^[45]/.test(status)) continue;
        // better-auth's router answers its own `{ code, message }` (always a message), every other route ApiError
        const shape = key.includes(' /api/auth/') ? 'AuthError' : 'ApiError';
        const schema = answer.content?.['application/json']?.schema as { anyOf?: unknown[] } | undefined;
        // (the import's 400 is ApiError or ApiError with the import's result: a rejected file; the
        // checkout's 409 is ApiError or ApiError naming the order the cart already became, issue 28)
        const extended = (key === 'POST /api/service/import' && status === '400') || (key === 'POST /api/cart/checkout' && status === '409');
        // Issue 32: punchout's routes answer documents (cXML to a procurement system, pages to a browser), errors too.
        const documentRoute = key.includes(' /punchout/');
        // (but the cross-site guard's 403 before the return page, ApiError from plugins/origin-check.ts)
        const guarded = key === 'POST /punchout/return' && status === '403';
        if (guarded) expect(answer.content?.['application/json']?.schema, key).toEqual({ $ref: '#/components/schemas/ApiError' });
        if (documentRoute)
          expect(
            Object.keys(answer.content ?? {}).filter(
              (m) => !['text/xml', 'application/xml', 'text/html', ...(guarded ? ['application/json'] : [])].includes(m),
            ),
            `${key} ${status}`,
          ).toEqual([]);
        else if (extended) expect(schema?.anyOf?.[0], key).toEqual(doc.components.schemas.ApiError);
        else expect(schema, `${key} ${status}`).toEqual({ $ref: `#/components/schemas/${shape}` });
      }
    }
    const op = (method: string, path: string) => doc.paths[path]![method]!;
    expect(op('get', '/api/service')['x-access']).toBe('public');
    expect(op('get', '/api/cart')['x-access']).toBe('user');
    expect(op('post', '/api/purchase')['x-access']).toBe('verified-user');
    expect(op('post', '/api/service')['x-access']).toBe('admin');
    expect(Object.keys(op('post', '/api/service').responses)).toEqual(expect.arrayContaining(['400', '401', '403']));
  });

  it('describes parameters, bodies and answers from the routes’ zod schemas', () => {
    const detail = doc.paths['/api/purchase/{id}']!.get!;
    expect(detail.parameters).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'id', in: 'path' })]));
    expect(detail.responses['200']!.content!['application/json']!.schema).toMatchObject({ type: 'object' });
    const list = doc.paths['/api/service']!.get!;
    expect(list.parameters?.filter((p) => p.in === 'query').length).toBeGreaterThan(3);
    const purchase = doc.paths['/api/purchase']!.post!;
    expect(purchase.requestBody?.content['application/json']?.schema).toMatchObject({ type: 'object', properties: expect.any(Object) });
    // Issue 29: the purchase takes the checkout's details, each optional; the buyer's ship-to change is described too.
    const purchaseBody = purchase.requestBody!.content['application/json']!.schema as { properties: Record<string, unknown>; required?: string[] };
    expect(Object.keys(purchaseBody.properties)).toEqual(
      expect.arrayContaining(['productId', 'quantity', 'shippingAddress', 'poNumber', 'note', 'paymentMethod']),
    );
    expect(purchaseBody.required ?? []).not.toContain('shippingAddress');
    const shipTo = doc.paths['/api/purchase/{id}/shipping-address']!.patch!;
    expect(shipTo['x-access']).toBe('user');
    expect(shipTo.requestBody?.content['application/json']?.schema).toMatchObject({
      type: 'object',
      required: expect.arrayContaining(['name', 'line1', 'city']),
    });
    expect(shipTo.responses['200']!.content!['application/json']!.schema).toMatchObject({ type: 'object' });
    // Issue 32: the cXML routes take and answer XML; the OCI form is form-urlencoded; the return page is HTML.
    const setup = doc.paths['/punchout/cxml/setup']!.post!;
    expect(Object.keys(setup.requestBody!.content)).toEqual(['text/xml', 'application/xml']);
    expect(Object.keys(setup.responses['200']!.content!)).toEqual(['text/xml', 'application/xml']);
    expect(Object.keys(setup.responses['401']!.content!)).toEqual(['text/xml', 'application/xml']);
    expect(setup['x-access']).toBe('public');
    expect(Object.keys(doc.paths['/punchout/oci']!.post!.requestBody!.content)).toEqual(['application/x-www-form-urlencoded']);
    expect(doc.paths['/punchout/start/{token}']!.get!.responses['303']).toEqual({ description: expect.stringContaining('Signed in') });
    expect(Object.keys(doc.paths['/punchout/return']!.post!.responses['200']!.content!)).toEqual(['text/html']);
    expect(doc.paths['/punchout/return']!.post!['x-access']).toBe('user');
    // Every parameter has a schema object (a record-shaped query once became parameters named
    // `type` and `additionalProperties` with `schema: "object"`, and Swagger UI stopped drawing).
    const parameters = Object.values(doc.paths).flatMap((ops) => Object.values(ops).flatMap((op) => op.parameters ?? []));
    for (const p of parameters) expect(typeof (p as { schema?: unknown }).schema, p.name).toBe('object');
    const oci = doc.paths['/punchout/oci']!.get!.parameters!.map((p) => p.name);
    expect(oci).toEqual(expect.arrayContaining(['USERNAME', 'PASSWORD', 'HOOK_URL']));
    // 2020-12 (OpenAPI 3.1), not draft-7: nullable fields are `type: [..., 'null']` or `anyOf`, never `nullable`.
    expect(JSON.stringify(doc)).not.toContain('"nullable"');
  });
});

describe(`better-auth's endpoints in the document (${engine})`, () => {
  type Body = { allOf?: Array<{ properties?: Record<string, unknown>; required?: string[] }> };
  type Schema = { type?: string | string[]; properties?: Record<string, Schema>; required?: string[]; allOf?: Schema[] };
  /** A body with every required field filled, so a guarded endpoint gets past its input check. */
  const sample = (schema: Schema | undefined): unknown => {
    if (!schema) return {};
    if (schema.allOf) return Object.assign({}, ...schema.allOf.map((part) => sample(part) as object));
    const type = [schema.type].flat()[0];
    if (type === 'string') return 'sample-value-123';
    if (type === 'number' || type === 'integer') return 1;
    if (type === 'boolean') return false;
    if (type === 'array') return [];
    return Object.fromEntries((schema.required ?? []).map((name) => [name, sample(schema.properties?.[name])]));
  };
  const authOperations = () => operations().filter((op) => isAuthPath(op.path));

  it('lists sign-up and sign-in by email with their bodies: our check of the form and better-auth’s own', () => {
    for (const path of ['/api/auth/sign-up/email', '/api/auth/sign-in/email']) {
      const op = doc.paths[path]?.post;
      expect(op, path).toBeDefined();
      expect(op!['x-access'], path).toBe('public');
      expect(Object.keys(op!.responses), path).toEqual(expect.arrayContaining(['200', '400', '429']));
      const body = op!.requestBody?.content['application/json']?.schema as Body;
      expect(body.allOf, path).toHaveLength(2);
      for (const part of body.allOf!) expect(part.properties, path).toMatchObject({ email: expect.any(Object), password: expect.any(Object) });
      expect(body.allOf![0]!.required, path).toEqual(expect.arrayContaining(['email', 'password']));
    }
    const signUp = doc.paths['/api/auth/sign-up/email']!.post!.requestBody!.content['application/json']!.schema as Body;
    expect(signUp.allOf![0]!.required).toContain('name');
    // better-auth's models, under our names
    const session = doc.paths['/api/auth/get-session']!.get!.responses['200']!.content!['application/json']!.schema;
    expect(JSON.stringify(session)).toContain('#/components/schemas/AuthUser');
  });

  it('says which endpoints need a session, and those answer 401 without one', async () => {
    const access = (method: string, path: string) => doc.paths[path]?.[method]?.['x-access'];
    expect(access('get', '/api/auth/get-session')).toBe('public');
    expect(access('post', '/api/auth/sign-out')).toBe('public');
    expect(access('post', '/api/auth/change-password')).toBe('user');
    expect(access('post', '/api/auth/two-factor/enable')).toBe('user');
    expect(access('get', '/api/auth/list-sessions')).toBe('user');
    for (const { method, path } of authOperations().filter((op) => access(op.method, op.path) === 'user')) {
      const body = sample(doc.paths[path]![method]!.requestBody?.content['application/json']?.schema as Schema | undefined);
      const res = await t.app.inject({ method: method.toUpperCase() as 'GET' | 'POST', url: path, ...(method === 'post' ? { payload: body as object } : {}) });
      expect(res.statusCode, `${method} ${path}`).toBe(401);
    }
  });

  it('lists only endpoints this configuration serves', async () => {
    const paths = authOperations().map((op) => `${op.method} ${op.path}`);
    expect(paths.length).toBeGreaterThan(15);
    // Not enabled here (change of email, deleting an account, codes by mail, social sign-in without Google), and the OpenAPI plugin's own.
    for (const absent of [
      'post /api/auth/change-email',
      'post /api/auth/delete-user',
      'post /api/auth/two-factor/send-otp',
      'post /api/auth/sign-in/social',
      'post /api/auth/get-session',
    ]) {
      expect(paths).not.toContain(absent);
    }
    for (const url of ['/api/auth/open-api/generate-schema', '/api/auth/reference']) {
      expect((await t.app.inject({ url })).statusCode, url).toBe(404);
    }
    // Each one listed is known to better-auth's router: never its bare 404 (no `code`) or 405.
    for (const { method, path } of authOperations()) {
      const url = path.replace(/\{[^}]+\}/g, 'x');
      const res = await t.app.inject({ method: method.toUpperCase() as 'GET' | 'POST', url, ...(method === 'post' ? { payload: {} } : {}) });
      expect(res.statusCode, `${method} ${path}`).not.toBe(405);
      if (res.statusCode === 404) expect(res.json(), `${method} ${path}`).toHaveProperty('code');
    }
  });
});

describe(`API reference at ${DOCS_PREFIX} (${engine})`, () => {
  it('answers HTML that loads only same-origin assets, under the shop’s CSP', async () => {
    const res = await t.app.inject({ method: 'GET', url: DOCS_PREFIX });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).not.toMatch(/(src|href)=["']?(https?:)?\/\//i);
    expect(res.body).not.toMatch(/https?:\/\//i);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    const assets = [...res.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(assets.length).toBeGreaterThan(2);
    for (const asset of assets) {
      const url = new URL(asset, `http://shop.test${DOCS_PREFIX}`);
      expect(url.host, asset).toBe('shop.test');
      const got = await t.app.inject({ method: 'GET', url: url.pathname });
      expect(got.statusCode, asset).toBe(200);
    }
  });

  it('points the reference at this document, with no outside validator', async () => {
    const init = await t.app.inject({ method: 'GET', url: `${DOCS_PREFIX}/static/swagger-initializer.js` });
    expect(init.statusCode).toBe(200);
    expect(init.body).toContain('validatorUrl: null');
    // (one comment names a web page; no code does)
    const code = init.body
      .split('\n')
      .filter((line) => !line.trim().startsWith('//'))
      .join('\n');
    expect(code).not.toMatch(/https?:\/\//);
    const json = await t.app.inject({ method: 'GET', url: `${DOCS_PREFIX}/json` });
    expect(json.json()).toEqual(doc);
  });

  it('is not swallowed by the web app: the SPA fallback leaves /api/docs alone', async () => {
    const webDist = mkdtempSync(path.join(tmpdir(), 'bp-web-'));
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>SPA</title>');
    const withWeb = await createTestApp({ env: { SERVE_WEB: 'true', WEB_DIST: webDist } });
    try {
      const page = await withWeb.app.inject({ method: 'GET', url: DOCS_PREFIX });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('swagger-ui');
      expect(page.body).not.toContain('<title>SPA</title>');
      expect((await withWeb.app.inject({ method: 'GET', url: '/products' })).body).toContain('<title>SPA</title>');
      const unknown = await withWeb.app.inject({ method: 'GET', url: `${DOCS_PREFIX}/static/no-such-file.js` });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({ error: 'NOT_FOUND' });
    } finally {
      await withWeb.close();
      rmSync(webDist, { recursive: true, force: true });
    }
  });
});
