import type { PunchoutDocument } from '@bulkparts/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attrOf, child, children, readXml, textOf, type XmlNode } from '../../src/modules/punchout/xml-guard.js';
import { insertProducts, setStock } from '../helpers/cart.js';
import { createTestApp, engine, type TestApp } from '../helpers/test-app.js';
import {
  addToCart,
  HOOK_URL,
  punchoutCompany,
  RETURN_ORIGIN,
  RETURN_URL,
  returnForm,
  startCxmlSession,
  startOciSession,
  type PunchoutCompany,
} from './punchout-helpers.js';

/**
 * Issue 32: "Return cart": the cart at the company's prices goes back as a cXML
 * PunchOutOrderMessage or OCI fields, posted only to the allowed return URL; the cart and the
 * browser's punchout sign-in end with it.
 */
let t: TestApp;
let pc: PunchoutCompany;
const ids: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  pc = await punchoutCompany(t);
  const list = (await t.app.inject({ url: '/api/service?limit=100' })).json() as { _id: string; sku: string }[];
  for (const p of list) ids[p.sku] = p._id;
  // The company's own price for the bolts: the cart and the message carry it.
  const price = await t.app.inject({
    method: 'PUT',
    url: `/api/companies/${pc.company.id}/prices/${ids['HB-M8-40-ZN']}`,
    headers: { cookie: pc.shop.cookie },
    payload: { price: 0.15 },
  });
  expect(price.statusCode, price.body).toBe(200);
});
afterAll(async () => t?.close());

const THREE = [
  { sku: 'HB-M8-40-ZN', quantity: 100 },
  { sku: 'BB-6204-2RS', quantity: 50 },
  { sku: 'HN-M10-A2', quantity: 200 },
];

const returnCart = (cookie: string) => t.app.inject({ method: 'POST', url: '/punchout/return', headers: { cookie, origin: t.config.publicUrl } });
const cents = (money: string) => Math.round(Number(money) * 100);

describe(`return a cXML cart (${engine})`, () => {
  it('posts a PunchOutOrderMessage of the cart’s lines at the company’s prices, whose total adds up, to the BrowserFormPost URL only', async () => {
    const { cookie } = await startCxmlSession(t, pc, { buyerCookie: 'cookie-3-lines' });
    const cart = await addToCart(t.app, cookie, THREE);
    expect(cart.lines.find((l) => l.sku === 'HB-M8-40-ZN')).toMatchObject({ unitPrice: 0.15 });

    const res = await returnCart(cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-store');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain(`form-action ${RETURN_ORIGIN}`);
    expect(csp).toMatch(/script-src 'sha256-[^']+'(;|$)/);
    expect(csp).not.toContain("'self'");
    const form = returnForm(res.body);
    expect(form.action).toBe(RETURN_URL);
    expect(form.fields.map(([name]) => name)).toEqual(['cxml-urlencoded']);

    const message = readXml(form.fields[0]![1]);
    if (!message.ok) throw new Error(message.message);
    const cxml = message.root;
    expect(attrOf(cxml, 'payloadID')).toMatch(/@/);
    expect(attrOf(cxml, 'timestamp')).toMatch(/\+00:00$/);
    // The shop answers as the buyer's To, to the buyer's From.
    expect(textOf(child(cxml, 'Header', 'To', 'Credential', 'Identity'))).toBe(pc.from.identity);
    expect(textOf(child(cxml, 'Header', 'From', 'Credential', 'Identity'))).toBe('123456789');
    const poom = child(cxml, 'Message', 'PunchOutOrderMessage')!;
    expect(textOf(child(poom, 'BuyerCookie'))).toBe('cookie-3-lines');
    const head = child(poom, 'PunchOutOrderMessageHeader');
    expect(attrOf(head, 'operationAllowed')).toBe('edit');
    const items = children(poom, 'ItemIn');
    expect(items).toHaveLength(3);
    const line = (sku: string) => items.find((i) => textOf(child(i, 'ItemID', 'SupplierPartID')) === sku)!;
    const price = (i: XmlNode) => cents(textOf(child(i, 'ItemDetail', 'UnitPrice', 'Money')));
    const bolts = line('HB-M8-40-ZN');
    expect(attrOf(bolts, 'quantity')).toBe('100');
    expect(price(bolts)).toBe(15);
    expect(attrOf(child(bolts, 'ItemDetail', 'UnitPrice', 'Money'), 'currency')).toBe('USD');
    expect(textOf(child(bolts, 'ItemID', 'SupplierPartAuxiliaryID'))).toBe(ids['HB-M8-40-ZN']);
    expect(textOf(child(bolts, 'ItemDetail', 'Description'))).toBe('Hex Bolt M8x40');
    expect(attrOf(child(bolts, 'ItemDetail', 'Description'), 'xml:lang')).toBe('en');
    expect(textOf(child(bolts, 'ItemDetail', 'UnitOfMeasure'))).toBe('EA');
    expect(attrOf(child(bolts, 'ItemDetail', 'Classification'), 'domain')).toBe('UNSPSC');
    expect(textOf(child(bolts, 'ItemDetail', 'Classification'))).toBe('31161600');
    // No UNSPSC code: the shop's own category (cXML requires a Classification).
    expect(attrOf(child(line('BB-6204-2RS'), 'ItemDetail', 'Classification'), 'domain')).toBe('SupplierCategory');
    const total = cents(textOf(child(head, 'Total', 'Money')));
    expect(total).toBe(items.reduce((n, i) => n + price(i) * Number(attrOf(i, 'quantity')), 0));
    expect(total).toBe(Math.round(cart.subtotal * 100));

    // The cart went back: the session and its cart are over.
    expect(String(res.headers['set-cookie'])).toMatch(/bulkparts\.session_token=;/);
    expect((await t.app.inject({ url: '/api/auth/get-session', headers: { cookie } })).json()).toBeNull();
    expect((await returnCart(cookie)).statusCode).toBe(401);
    const docs = (
      await t.app.inject({ url: `/api/punchout/documents?companyId=${pc.company.id}&direction=out`, headers: { cookie: pc.shop.cookie } })
    ).json() as PunchoutDocument[];
    expect(docs.find((d) => d.type === 'PunchOutOrderMessage')).toMatchObject({ message: `3 lines, total USD ${(total / 100).toFixed(2)}`, hasBody: true });
  });

  it('escapes what a product’s name holds, in the page and in the document', async () => {
    const [odd] = await insertProducts(t.database, 1, { prefix: 'ODD' });
    await t.database.db.updateTable('products').set({ name: `Bolt <b>"&'</b>` }).where('id', '=', odd!.id).execute();
    const { cookie } = await startCxmlSession(t, pc);
    await addToCart(t.app, cookie, [{ sku: odd!.sku, quantity: 50 }]);
    const res = await returnCart(cookie);
    expect(res.body).not.toContain('<b>');
    const xml = returnForm(res.body).fields[0]![1];
    const read = readXml(xml);
    if (!read.ok) throw new Error(read.message);
    expect(textOf(child(read.root, 'Message', 'PunchOutOrderMessage', 'ItemIn', 'ItemDetail', 'Description'))).toBe(`Bolt <b>"&'</b>`);
  });

  it('keeps a cart with a line the order would refuse, naming it', async () => {
    const [scarce] = await insertProducts(t.database, 1, { stock: 500 });
    const { cookie } = await startCxmlSession(t, pc);
    await addToCart(t.app, cookie, [{ sku: scarce!.sku, quantity: 100 }]);
    await setStock(t.database, scarce!.id, 10);
    const res = await returnCart(cookie);
    expect(res.statusCode).toBe(409);
    expect(res.body).toContain(scarce!.sku);
    expect((await t.app.inject({ url: '/api/cart', headers: { cookie } })).json()).toMatchObject({ count: 1 });
  });

  it('edit reopens the cart sent earlier; inspect shows it and refuses changes', async () => {
    const items = [
      { sku: 'HB-M8-40-ZN', quantity: 300 },
      { sku: 'BB-6204-2RS', quantity: 50 },
    ];
    const edit = await startCxmlSession(t, pc, { operation: 'edit', items });
    expect(edit.location).toBe('/cart');
    const cart = (await t.app.inject({ url: '/api/cart', headers: { cookie: edit.cookie } })).json() as { lines: { sku: string; quantity: number }[] };
    expect(new Map(cart.lines.map((l) => [l.sku, l.quantity]))).toEqual(
      new Map([
        ['HB-M8-40-ZN', 300],
        ['BB-6204-2RS', 50],
      ]),
    );
    expect(
      (await t.app.inject({ method: 'PUT', url: `/api/cart/lines/${ids['HB-M8-40-ZN']}`, headers: { cookie: edit.cookie }, payload: { quantity: 400 } }))
        .statusCode,
    ).toBe(200);

    const inspect = await startCxmlSession(t, pc, { operation: 'inspect', items });
    const change = await t.app.inject({
      method: 'PUT',
      url: `/api/cart/lines/${ids['HB-M8-40-ZN']}`,
      headers: { cookie: inspect.cookie },
      payload: { quantity: 400 },
    });
    expect(change.statusCode).toBe(403);
    expect(change.json()).toMatchObject({ message: expect.stringContaining('inspect') });
    const back = await returnCart(inspect.cookie);
    expect(back.statusCode).toBe(200);
    expect(returnForm(back.body).fields[0]![1]).toContain('operationAllowed="inspect"');
  });

  it('refuses a return URL the company no longer allows', async () => {
    const { cookie } = await startCxmlSession(t, pc);
    await t.database.db
      .updateTable('punchout_configs')
      .set({ allowed_return_origins: JSON.stringify(['https://elsewhere.example']) })
      .where('company_id', '=', pc.company.id)
      .execute();
    try {
      const res = await returnCart(cookie);
      expect(res.statusCode).toBe(403);
      expect(res.body).not.toContain(RETURN_URL);
    } finally {
      await t.database.db
        .updateTable('punchout_configs')
        .set({ allowed_return_origins: JSON.stringify([RETURN_ORIGIN]) })
        .where('company_id', '=', pc.company.id)
        .execute();
    }
  });

  it('a session that is not a punchout has nothing to return', async () => {
    const res = await returnCart(pc.member.cookie);
    expect(res.statusCode).toBe(409);
    expect(res.headers['content-type']).toContain('text/html');
  });
});

describe(`return an OCI cart (${engine})`, () => {
  it('posts the OCI fields of a 3-line cart to HOOK_URL', async () => {
    const { cookie, location } = await startOciSession(t, pc);
    expect(location).toBe('/products');
    await addToCart(t.app, cookie, THREE);
    const res = await returnCart(cookie);
    expect(res.statusCode, res.body).toBe(200);
    const form = returnForm(res.body);
    expect(form.action).toBe(HOOK_URL);
    expect(form.target).toBe('_top');
    const fields = Object.fromEntries(form.fields);
    const bolts = Object.entries(fields).find(([k, v]) => k.startsWith('NEW_ITEM-VENDORMAT[') && v === 'HB-M8-40-ZN')![0];
    const n = /\[(\d+)\]/.exec(bolts)![1];
    expect(fields).toMatchObject({
      [`NEW_ITEM-DESCRIPTION[${n}]`]: 'Hex Bolt M8x40',
      [`NEW_ITEM-QUANTITY[${n}]`]: '100',
      [`NEW_ITEM-UNIT[${n}]`]: 'EA',
      [`NEW_ITEM-PRICE[${n}]`]: '0.15',
      [`NEW_ITEM-PRICEUNIT[${n}]`]: '1',
      [`NEW_ITEM-CURRENCY[${n}]`]: 'USD',
      [`NEW_ITEM-MATGROUP[${n}]`]: '31161600',
      [`NEW_ITEM-EXT_PRODUCT_ID[${n}]`]: ids['HB-M8-40-ZN'],
    });
    for (const i of ['1', '2', '3']) {
      for (const f of ['DESCRIPTION', 'QUANTITY', 'UNIT', 'PRICE', 'PRICEUNIT', 'CURRENCY', 'VENDORMAT', 'EXT_PRODUCT_ID']) {
        expect(fields[`NEW_ITEM-${f}[${i}]`], `${f}[${i}]`).toBeDefined();
      }
    }
    expect(Object.keys(fields).filter((k) => k.startsWith('NEW_ITEM-MATGROUP'))).toHaveLength(2);
    expect(fields['NEW_ITEM-LEADTIME[1]']).toBeUndefined();
    expect(Object.keys(fields).some((k) => k.startsWith('NEW_ITEM-DESCRIPTION[4]'))).toBe(false);
  });

  it('a line beyond the stock of a product taking backorders carries its lead time to the promised dispatch day (OCI and cXML)', async () => {
    const [late] = await insertProducts(t.database, 1, { prefix: 'LATE', stock: 10 });
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/service/${late!.id}`,
      headers: { cookie: pc.shop.cookie },
      payload: { backorder: { allowed: true, leadTimeDays: 10 } },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const oci = await startOciSession(t, pc);
    await addToCart(t.app, oci.cookie, [{ sku: late!.sku, quantity: 50 }]);
    const fields = Object.fromEntries(returnForm((await returnCart(oci.cookie)).body).fields);
    expect(fields['NEW_ITEM-VENDORMAT[1]']).toBe(late!.sku);
    expect(fields['NEW_ITEM-LEADTIME[1]']).toBe('10');

    const cxml = await startCxmlSession(t, pc);
    await addToCart(t.app, cxml.cookie, [{ sku: late!.sku, quantity: 50 }]);
    const read = readXml(returnForm((await returnCart(cxml.cookie)).body).fields[0]![1]);
    if (!read.ok) throw new Error(read.message);
    const item = child(read.root, 'Message', 'PunchOutOrderMessage', 'ItemIn', 'ItemDetail');
    expect(textOf(child(item, 'LeadTime'))).toBe('10');
    expect(textOf(child(item, 'Extrinsic'))).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('wrong credentials, a HOOK_URL outside the origins and missing fields are refused with a page; the password never reaches the log', async () => {
    const post = (fields: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/punchout/oci',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: RETURN_ORIGIN },
        payload: new URLSearchParams(fields).toString(),
      });
    const wrong = await post({ USERNAME: pc.ociUsername, PASSWORD: 'not-the-password', HOOK_URL });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.headers['content-type']).toContain('text/html');
    expect(wrong.headers['set-cookie']).toBeUndefined();
    expect((await post({ USERNAME: pc.ociUsername, PASSWORD: 'oci-password-2026', HOOK_URL: 'https://evil.example/hook' })).statusCode).toBe(403);
    expect((await post({ USERNAME: pc.ociUsername })).statusCode).toBe(400);
    // GET works the same, lower-case names too.
    const get = await t.app.inject({ url: `/punchout/oci?username=${pc.ociUsername}&password=oci-password-2026&hook_url=${encodeURIComponent(HOOK_URL)}` });
    expect(get.statusCode).toBe(303);
    const docs = await t.database.db.selectFrom('punchout_documents').select('body').where('protocol', '=', 'oci').execute();
    expect(docs.length).toBeGreaterThan(3);
    expect(docs.some((d) => d.body?.includes('not-the-password') || d.body?.includes('oci-password-2026'))).toBe(false);
  });
});
