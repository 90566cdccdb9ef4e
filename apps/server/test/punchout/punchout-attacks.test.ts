import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readXml, refusedBeforeParsing } from '../../src/modules/punchout/xml-guard.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { orderRequest, postCxml, punchoutCompany, setupRequest, statusOf, type PunchoutCompany } from './punchout-helpers.js';

/**
 * Issue 32: hostile XML at the punchout routes. An XXE payload reading a local file, a
 * billion-laughs payload, a 5 MiB body and DTDs of the sender's own are refused with 400, and
 * nothing is read: the guard refuses them before the parser sees them (proved with a parser that
 * records being called), a too-large body is refused before it is read, and the file's contents
 * appear nowhere. No timing is asserted (the guide forbids timed tests): the refusal happens
 * before any parsing or expansion, which is what keeps it fast.
 */
let t: TestApp;
let pc: PunchoutCompany;
let dir: string;
let secretFile: string;
const SECRET_TEXT = `TOP-SECRET-${Math.random().toString(36).slice(2)}`;

beforeAll(async () => {
  t = await createTestApp();
  pc = await punchoutCompany(t);
  dir = mkdtempSync(path.join(tmpdir(), 'bp-xxe-'));
  secretFile = path.join(dir, 'secret.txt');
  writeFileSync(secretFile, SECRET_TEXT);
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await t?.close();
});

/** A valid setup with `prolog` in place of its DOCTYPE line and `&ref;` as its BuyerCookie. */
const withProlog = (prolog: string, cookie = 'plain-cookie') =>
  setupRequest(pc, { buyerCookie: 'COOKIE' })
    .replace(/<!DOCTYPE cXML SYSTEM "[^"]+">/, prolog)
    .replace('<BuyerCookie>COOKIE</BuyerCookie>', `<BuyerCookie>${cookie}</BuyerCookie>`);

const ATTACKS: Record<string, () => string> = {
  'XXE reading a local file': () => withProlog(`<!DOCTYPE cXML [<!ENTITY xxe SYSTEM "file://${secretFile}">]>`, '&xxe;'),
  'XXE through a parameter entity': () => withProlog(`<!DOCTYPE cXML [<!ENTITY % p SYSTEM "file://${secretFile}"> %p;]>`),
  'billion laughs': () =>
    withProlog(
      `<!DOCTYPE cXML [<!ENTITY lol "lol">${Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i || ''};`.repeat(10)}">`).join('')}]>`,
      '&lol9;',
    ),
  'an external DTD of its own': () => withProlog(`<!DOCTYPE cXML SYSTEM "file://${secretFile}">`),
  'a DTD on another host': () => withProlog('<!DOCTYPE cXML SYSTEM "http://evil.example/cXML.dtd">'),
  'the cXML DTD with an internal subset': () => withProlog('<!DOCTYPE cXML SYSTEM "http://xml.cxml.org/schemas/cXML/1.2.014/cXML.dtd" [<!ELEMENT cXML ANY>]>'),
  'two DOCTYPE lines': () =>
    withProlog(
      '<!DOCTYPE cXML SYSTEM "http://xml.cxml.org/schemas/cXML/1.2.014/cXML.dtd"><!DOCTYPE cXML SYSTEM "http://xml.cxml.org/schemas/cXML/1.2.014/cXML.dtd">',
    ),
};

describe('hostile XML at the punchout routes', () => {
  for (const [name, payload] of Object.entries(ATTACKS)) {
    it(`${name}: refused with 400 before parsing; nothing read or expanded`, async () => {
      let parsed = 0;
      const read = readXml(payload(), () => {
        parsed++;
        return {};
      });
      expect(read.ok).toBe(false);
      expect(parsed).toBe(0);
      expect(refusedBeforeParsing(payload())).toEqual(expect.any(String));
      for (const route of ['setup', 'order'] as const) {
        const res = await postCxml(t.app, route, route === 'setup' ? payload() : payload().replace(/PunchOutSetupRequest/g, 'OrderRequest'));
        expect(res.statusCode, `${route}: ${res.body}`).toBe(400);
        expect(statusOf(res.body).code).toBe(400);
        expect(res.body).not.toContain(SECRET_TEXT);
        expect(res.body).not.toContain('lollollol');
      }
    });
  }

  it('a 5 MiB body is refused with 400 unread, and logged without its text', async () => {
    const huge = setupRequest(pc).replace('</cXML>', `<!-- ${'x'.repeat(5 * 1024 * 1024)} --></cXML>`);
    for (const route of ['setup', 'order'] as const) {
      const res = await postCxml(t.app, route, huge);
      expect(res.statusCode).toBe(400);
      expect(statusOf(res.body)).toMatchObject({ code: 400, message: 'The document is larger than 1 MiB and was not read' });
    }
    const logged = await t.database.db
      .selectFrom('punchout_documents')
      .select(['body', 'status_code'])
      .where('message', 'like', '%larger than 1 MiB%')
      .execute();
    expect(logged.length).toBeGreaterThanOrEqual(2);
    expect(logged.every((d) => d.body === null && d.status_code === 400)).toBe(true);
  });

  it('the file’s contents are nowhere in the log; a well-formed document with cXML’s own DOCTYPE still works', async () => {
    const bodies = await t.database.db.selectFrom('punchout_documents').select(['body', 'message']).execute();
    expect(JSON.stringify(bodies)).not.toContain(SECRET_TEXT);
    // Predefined entities and character references are text, never expansions.
    const ok = await postCxml(t.app, 'setup', setupRequest(pc, { buyerCookie: 'a&b<c>&#65;' }));
    expect(statusOf(ok.body).code).toBe(200);
    const order = await postCxml(t.app, 'order', orderRequest(pc, { orderId: 'PO-&-1', lines: [{ sku: 'HB-M8-40-ZN', quantity: 100, unitPrice: '0.18' }] }));
    expect(statusOf(order.body).code).toBe(200);
    expect(await t.database.db.selectFrom('orders').select('po_number').where('po_number', '=', 'PO-&-1').executeTakeFirst()).toBeDefined();
  });

  it('guessing a shared secret or an OCI password is slowed down: past 20 wrong ones from one address, 429, the right one too', async () => {
    const limited = await createTestApp({ rateLimits: { enabled: true } });
    try {
      const company = await punchoutCompany(limited);
      for (let i = 0; i < 20; i++)
        expect(statusOf((await postCxml(limited.app, 'setup', setupRequest(company, { secret: `guess-${i}-xx` }))).body).code).toBe(401);
      const refused = await postCxml(limited.app, 'setup', setupRequest(company));
      expect(refused.statusCode).toBe(429);
      expect(statusOf(refused.body)).toMatchObject({ code: 429, text: 'Too Many Requests' });
      // Another company's identity is counted on its own.
      const other = await punchoutCompany(limited);
      expect(statusOf((await postCxml(limited.app, 'setup', setupRequest(other))).body).code).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('OCI fields named like an object’s own properties are only names: 400 or 401, never a crash', async () => {
    for (const payload of ['valueOf=-1', '__proto__=x&USERNAME=a', 'constructor=y&toString=z&hasOwnProperty=1', 'USERNAME=a&USERNAME=b']) {
      const res = await t.app.inject({ method: 'POST', url: '/punchout/oci', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload });
      expect(res.statusCode, payload).toBeLessThan(500);
      expect(res.headers['content-type'], payload).toContain('text/html');
      const get = await t.app.inject({ url: `/punchout/oci?${payload}` });
      expect(get.statusCode, payload).toBeLessThan(500);
    }
  });

  it('deeply nested elements and malformed text are 400, never a crash', async () => {
    const deep = setupRequest(pc).replace('<Request', `${'<a>'.repeat(200)}${'</a>'.repeat(200)}<Request`);
    for (const body of [deep, '', '<', '<cXML>', '\u0000<cXML/>', '<?xml version="1.0"?><cXML><Header/></cXML>', 'not xml at all']) {
      const res = await postCxml(t.app, 'setup', body);
      expect(res.statusCode, JSON.stringify(body.slice(0, 40))).toBe(400);
      expect(res.headers['content-type']).toContain('text/xml');
    }
  });
});
