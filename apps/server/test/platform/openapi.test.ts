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
    const missing = routes.filter((r) => !doc.paths[openApiPath(r.url)]?.[r.method.toLowerCase()]).map((r) => r.key);
    expect(missing, `missing from ${OPENAPI_URL}: ${missing.join(', ')}`).toEqual([]);
    // …and nothing it does not serve (the reference UI's own routes are hidden).
    const known = new Set(routes.map((r) => `${r.method.toLowerCase()} ${openApiPath(r.url)}`));
    const extra = Object.entries(doc.paths)
      .flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m} ${p}`))
      .filter((k) => !known.has(k));
    expect(extra).toEqual([]);
  });

  it('says who may call each route, and every error answer is ApiError', () => {
    const ops = Object.entries(doc.paths).flatMap(([p, methods]) => Object.entries(methods).map(([m, op]) => ({ key: `${m.toUpperCase()} ${p}`, op })));
    for (const { key, op } of ops) {
      expect(['public', 'user', 'verified-user', 'admin'], key).toContain(op['x-access']);
      expect(op.security, key).toEqual(op['x-access'] === 'public' ? [] : [{ session: [] }]);
      expect(
        Object.keys(op.responses).some((s) => s.startsWith('2')),
        `${key} has a success answer`,
      ).toBe(true);
      for (const [status, answer] of Object.entries(op.responses)) {
        if (!/^[45]/.test(status)) continue;
        // better-auth's router answers its own `{ code, message }` (always a message), every other route ApiError
        const shape = key.includes(' /api/auth/') ? 'AuthError' : 'ApiError';
        expect(answer.content?.['application/json']?.schema, `${key} ${status}`).toEqual({ $ref: `#/components/schemas/${shape}` });
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
    // 2020-12 (OpenAPI 3.1), not draft-7: nullable fields are `type: [..., 'null']` or `anyOf`, never `nullable`.
    expect(JSON.stringify(doc)).not.toContain('"nullable"');
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
