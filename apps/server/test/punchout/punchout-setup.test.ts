import type { PunchoutConfig, PunchoutDocument, PunchoutSession } from '@bulkparts/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, SHIP_TO } from '../helpers/factories.js';
import { createTestApp, engine, type TestApp } from '../helpers/test-app.js';
import { addMember, createCompany, shopAdmin } from '../orders/company-helpers.js';
import {
  postCxml,
  punchoutCompany,
  RETURN_ORIGIN,
  SECRET,
  setupRequest,
  startCxmlSession,
  startPathOf,
  statusOf,
  type PunchoutCompany,
} from './punchout-helpers.js';

/**
 * Issue 32: a company's punchout setup (shop admins), the cXML setup with good and bad
 * credentials, the one-time start link, and what a punchout session may do.
 */
let t: TestApp;
let pc: PunchoutCompany;
beforeAll(async () => {
  t = await createTestApp();
  pc = await punchoutCompany(t);
});
afterAll(async () => t?.close());

const put = (companyId: string, cookie: string, payload: object) =>
  t.app.inject({ method: 'PUT', url: `/api/companies/${companyId}/punchout`, headers: { cookie }, payload });

describe(`punchout setup of a company (${engine})`, () => {
  it('answers the setup without its secrets, with the URLs to give the procurement system', async () => {
    const res = await t.app.inject({ url: `/api/companies/${pc.company.id}/punchout`, headers: { cookie: pc.shop.cookie } });
    expect(res.statusCode).toBe(200);
    const config = res.json() as PunchoutConfig;
    expect(config).toMatchObject({
      protocol: 'cxml',
      fromIdentity: pc.from,
      senderIdentity: pc.sender,
      hasSharedSecret: true,
      ociUsername: pc.ociUsername,
      hasOciPassword: true,
      allowedReturnOrigins: [RETURN_ORIGIN],
      memberEmail: pc.member.email,
      systemName: 'SAP Ariba',
    });
    expect(config.urls.cxmlSetup).toBe(`${t.config.publicUrl}/punchout/cxml/setup`);
    expect(res.body).not.toContain(SECRET);
    // Only its hash is stored (scrypt with a salt).
    const row = await t.database.db.selectFrom('punchout_configs').selectAll().where('company_id', '=', pc.company.id).executeTakeFirstOrThrow();
    expect(row.shared_secret_hash).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(JSON.stringify(row)).not.toContain(SECRET);
  });

  it('is the shop admins’: the company’s own admin gets 403, outsiders 404', async () => {
    const body = { protocol: 'oci', ociUsername: 'x-user', ociPassword: 'password-1', allowedReturnOrigins: [RETURN_ORIGIN], memberEmail: pc.member.email };
    expect((await put(pc.company.id, pc.admin.cookie, body)).statusCode).toBe(403);
    expect((await put(pc.company.id, (await signUp(t.app)).cookie, body)).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/companies/${pc.company.id}/punchout`, headers: { cookie: pc.member.cookie } })).statusCode).toBe(403);
  });

  it('names each bad field: a member of another company, an http origin, a missing secret, no terms', async () => {
    const c = await createCompany(t.app, { paymentTerms: 'net30' });
    const member = await addMember(t, c, 'buyer');
    const outsider = await signUp(t.app);
    const base = { protocol: 'cxml', fromIdentity: { domain: 'NetworkID', identity: 'AN-X' }, senderIdentity: { domain: 'NetworkID', identity: 'AN-Y' } };
    const bad = await put(c.company.id, pc.shop.cookie, {
      ...base,
      sharedSecret: 'short',
      allowedReturnOrigins: ['http://buyer.example'],
      memberEmail: outsider.email,
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys((bad.json() as { fields: object }).fields)).toEqual(expect.arrayContaining(['sharedSecret', 'allowedReturnOrigins.0']));
    const notMember = await put(c.company.id, pc.shop.cookie, {
      ...base,
      sharedSecret: SECRET,
      allowedReturnOrigins: [RETURN_ORIGIN],
      memberEmail: outsider.email,
    });
    expect(notMember.statusCode).toBe(400);
    expect(notMember.json()).toMatchObject({ fields: { memberEmail: expect.stringContaining('member of this company') } });
    const noSecret = await put(c.company.id, pc.shop.cookie, { ...base, allowedReturnOrigins: [RETURN_ORIGIN], memberEmail: member.email });
    expect(noSecret.json()).toMatchObject({ fields: { sharedSecret: expect.stringContaining('Required') } });
    const noTerms = await createCompany(t.app);
    const noTermsMember = await addMember(t, noTerms, 'buyer');
    const refused = await put(noTerms.company.id, pc.shop.cookie, {
      ...base,
      sharedSecret: SECRET,
      allowedReturnOrigins: [RETURN_ORIGIN],
      memberEmail: noTermsMember.email,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ fields: { paymentTerms: expect.any(String) } });
  });

  it('one From identity names one company (409); setting up again replaces it and keeps a secret left out; DELETE turns it off', async () => {
    const other = await createCompany(t.app, { paymentTerms: 'net30' });
    const otherMember = await addMember(t, other, 'buyer');
    const body = {
      protocol: 'cxml',
      fromIdentity: pc.from,
      senderIdentity: pc.sender,
      sharedSecret: SECRET,
      allowedReturnOrigins: [RETURN_ORIGIN],
      memberEmail: otherMember.email,
    };
    const taken = await put(other.company.id, pc.shop.cookie, body);
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ fields: { fromIdentity: expect.any(String) } });

    const again = await put(other.company.id, pc.shop.cookie, {
      ...body,
      fromIdentity: { domain: 'DUNS', identity: `other-${other.company.id}` },
      shipTo: SHIP_TO,
    });
    expect(again.statusCode, again.body).toBe(200);
    const kept = await put(other.company.id, pc.shop.cookie, {
      protocol: 'cxml',
      fromIdentity: { domain: 'DUNS', identity: `other-${other.company.id}` },
      senderIdentity: pc.sender,
      allowedReturnOrigins: [RETURN_ORIGIN, 'https://second.buyer.example:8443/ignored/path'],
      memberEmail: otherMember.email,
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toMatchObject({ hasSharedSecret: true, shipTo: null, allowedReturnOrigins: [RETURN_ORIGIN, 'https://second.buyer.example:8443'] });
    const setup = await postCxml(
      t.app,
      'setup',
      setupRequest(
        { from: { domain: 'DUNS', identity: `other-${other.company.id}` }, sender: pc.sender },
        { returnUrl: 'https://second.buyer.example:8443/x' },
      ),
    );
    expect(statusOf(setup.body).code).toBe(200);

    expect((await t.app.inject({ method: 'DELETE', url: `/api/companies/${other.company.id}/punchout`, headers: { cookie: pc.shop.cookie } })).statusCode).toBe(
      204,
    );
    expect((await t.app.inject({ url: `/api/companies/${other.company.id}/punchout`, headers: { cookie: pc.shop.cookie } })).statusCode).toBe(404);
    const off = await postCxml(t.app, 'setup', setupRequest({ from: { domain: 'DUNS', identity: `other-${other.company.id}` }, sender: pc.sender }));
    expect(statusOf(off.body).code).toBe(401);
  });
});

describe(`cXML PunchOutSetupRequest (${engine})`, () => {
  it('good credentials: Status 200 and a one-time start URL', async () => {
    const res = await postCxml(t.app, 'setup', setupRequest(pc));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/xml');
    expect(res.body).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<!DOCTYPE cXML SYSTEM "http:\/\/xml\.cxml\.org\/schemas\/cXML\/1\.2\.014\/cXML\.dtd">/,
    );
    expect(res.body).toMatch(/<cXML payloadID="\d+\.\d+\.\d{5}@[^"]+" timestamp="\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00"/);
    expect(statusOf(res.body)).toMatchObject({ code: 200, text: 'OK' });
    expect(startPathOf(res.body)).toMatch(/^\/punchout\/start\/[\w-]{43}$/);
  });

  it('a wrong secret, an unknown company or a wrong sender: Status 401', async () => {
    for (const xml of [
      setupRequest(pc, { secret: 'not-the-secret' }),
      setupRequest(pc, { from: { domain: 'NetworkID', identity: 'AN-NOBODY' } }),
      setupRequest(pc, { sender: { domain: 'NetworkID', identity: 'AN-SOMEONE-ELSE' } }),
    ]) {
      const res = await postCxml(t.app, 'setup', xml);
      expect(res.statusCode).toBe(401);
      expect(statusOf(res.body)).toMatchObject({ code: 401, text: 'Unauthorized' });
    }
  });

  it('a return URL outside the allowed origins: Status 403; malformed: 400 naming what is wrong', async () => {
    for (const url of ['https://evil.example/steal', 'http://procurement.buyer.example/cxml', 'javascript:alert(1)']) {
      const res = await postCxml(t.app, 'setup', setupRequest(pc, { returnUrl: url }));
      expect(statusOf(res.body).code, url).toBe(403);
    }
    const noCookie = setupRequest(pc).replace(/<BuyerCookie>[^<]*<\/BuyerCookie>/, '');
    expect(statusOf((await postCxml(t.app, 'setup', noCookie)).body)).toMatchObject({ code: 400, message: expect.stringContaining('BuyerCookie') });
    const broken = await postCxml(t.app, 'setup', '<cXML><Header></cXML>');
    expect(broken.statusCode).toBe(400);
    expect(statusOf(broken.body).message).toContain('not well-formed');
    const json = await t.app.inject({ method: 'POST', url: '/punchout/cxml/setup', payload: { not: 'xml' } });
    expect(json.statusCode).toBe(400);
    expect(json.headers['content-type']).toContain('text/xml');
    const order = await postCxml(t.app, 'setup', setupRequest(pc).replace(/PunchOutSetupRequest/g, 'ProfileRequest'));
    expect(statusOf(order.body).message).toContain('PunchOutSetupRequest');
  });

  it('a start link signs the browser in once, for this session only; a second use and an expired link are refused', async () => {
    const setup = await postCxml(t.app, 'setup', setupRequest(pc));
    const path = startPathOf(setup.body);
    const first = await t.app.inject({ url: path });
    expect(first.statusCode).toBe(303);
    expect(first.headers.location).toBe('/products');
    const setCookie = String(first.headers['set-cookie']);
    expect(setCookie).toMatch(/bulkparts\.session_token=[^;]+; Path=\/; HttpOnly; SameSite=Lax/);
    // A browser-session cookie: no Max-Age, no Expires.
    expect(setCookie).not.toMatch(/Max-Age|Expires/i);
    const cookie = setCookie.split(';')[0]!;
    const session = await t.app.inject({ url: '/api/auth/get-session', headers: { cookie } });
    expect(session.json()).toMatchObject({ user: { email: pc.member.email } });

    const again = await t.app.inject({ url: path });
    expect(again.statusCode).toBe(410);
    expect(again.headers['content-type']).toContain('text/html');
    expect(again.body).toContain('used already');
    expect(again.headers['set-cookie']).toBeUndefined();

    const expiring = await postCxml(t.app, 'setup', setupRequest(pc));
    const token = startPathOf(expiring.body).split('/').pop()!;
    const { createHash } = await import('node:crypto');
    await t.database.db
      .updateTable('punchout_sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('token_hash', '=', createHash('sha256').update(token).digest('hex'))
      .execute();
    const late = await t.app.inject({ url: `/punchout/start/${token}` });
    expect(late.statusCode).toBe(410);
    expect(late.body).toContain('expired');
    expect((await t.app.inject({ url: '/punchout/start/not-a-token' })).statusCode).toBe(404);
  });

  it('a punchout session fills its own cart and reads its bar; checkout, payment, orders, quotes and the account answer 403', async () => {
    const { cookie } = await startCxmlSession(t, pc);
    const bar = await t.app.inject({ url: '/api/punchout/session', headers: { cookie } });
    expect(bar.statusCode).toBe(200);
    expect(bar.json()).toEqual({
      protocol: 'cxml',
      operation: 'create',
      systemName: 'SAP Ariba',
      companyName: pc.company.name,
      returnOrigin: RETURN_ORIGIN,
    } satisfies PunchoutSession);
    // Its cart is not the member's own.
    const own = await t.app.inject({
      method: 'POST',
      url: '/api/cart/lines',
      headers: { cookie: pc.member.cookie },
      payload: { lines: [{ sku: 'HB-M8-40-ZN', quantity: 100 }] },
    });
    expect(own.statusCode, own.body).toBe(200);
    expect((await t.app.inject({ url: '/api/cart', headers: { cookie } })).json()).toMatchObject({ count: 0 });
    // Quick order's preview (issue 33) is a read of its own cart: allowed.
    const preview = await t.app.inject({
      method: 'POST',
      url: '/api/cart/lines/preview',
      headers: { cookie, origin: t.config.publicUrl },
      payload: { lines: [{ sku: 'HB-M8-40-ZN', quantity: 100 }] },
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({ problems: 0 });

    const refused: [string, string, object?][] = [
      ['POST', '/api/cart/checkout', { shippingAddress: SHIP_TO, paymentMethod: 'account' }],
      ['POST', '/api/purchase', { productId: 'x', quantity: 100 }],
      ['POST', '/api/purchase/some-order/pay', {}],
      ['GET', '/api/purchase?company=true'],
      ['POST', '/api/quotes', { lines: [] }],
      ['GET', '/api/lists'],
      ['POST', '/api/lists', { name: 'Punchout list', items: [] }],
      ['GET', '/api/profile'],
      ['POST', '/api/auth/change-password', { currentPassword: 'x', newPassword: 'yyyyyyyy' }],
      ['GET', '/api/auth/list-sessions'],
    ];
    for (const [method, url, payload] of refused) {
      const res = await t.app.inject({ method: method as 'GET', url, headers: { cookie, origin: t.config.publicUrl }, ...(payload ? { payload } : {}) });
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(403);
      expect(res.json()).toMatchObject({ message: expect.stringContaining('punchout') });
    }
    // The member's own session is an ordinary one.
    expect((await t.app.inject({ url: '/api/punchout/session', headers: { cookie: pc.member.cookie } })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/profile', headers: { cookie: pc.member.cookie } })).statusCode).toBe(200);
  });

  it('the log has every document in and out, with company, payload id and status, secrets redacted; shop admins only', async () => {
    await postCxml(t.app, 'setup', setupRequest(pc, { secret: 'wrong-secret-1' }));
    const list = await t.app.inject({ url: `/api/punchout/documents?companyId=${pc.company.id}&limit=100`, headers: { cookie: pc.shop.cookie } });
    expect(list.statusCode).toBe(200);
    const docs = list.json() as PunchoutDocument[];
    expect(Number(list.headers['x-total-count'])).toBe(docs.length);
    expect(docs.find((d) => d.type === 'PunchOutSetupRequest' && d.statusCode === 200)).toMatchObject({
      direction: 'in',
      protocol: 'cxml',
      companyName: pc.company.name,
    });
    expect(docs.find((d) => d.type === 'PunchOutSetupResponse')).toMatchObject({ direction: 'out', payloadId: expect.stringContaining('@') });
    const failed = await t.app.inject({ url: '/api/punchout/documents?failed=true&limit=100', headers: { cookie: pc.shop.cookie } });
    const refusal = (failed.json() as PunchoutDocument[]).find((d) => d.statusCode === 401 && d.direction === 'in');
    expect(refusal).toMatchObject({ hasBody: true, message: expect.stringContaining('shared secret') });
    const detail = await t.app.inject({ url: `/api/punchout/documents/${refusal!.id}`, headers: { cookie: pc.shop.cookie } });
    expect(detail.json()).toMatchObject({ body: expect.stringContaining('<SharedSecret>[redacted]</SharedSecret>') });
    expect(detail.body).not.toContain('wrong-secret-1');
    expect((await t.app.inject({ url: '/api/punchout/documents', headers: { cookie: pc.member.cookie } })).statusCode).toBe(403);
  });

  it('keeps a document’s text 90 days, its row for good', async () => {
    const old = new Date(Date.now() - 91 * 86_400_000).toISOString();
    await t.database.db.updateTable('punchout_documents').set({ created_at: old }).where('company_id', '=', pc.company.id).execute();
    await t.app.services.sweepPunchout();
    const rows = await t.database.db.selectFrom('punchout_documents').select(['body']).where('company_id', '=', pc.company.id).execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.body === null)).toBe(true);
    const shop = await shopAdmin(t.app);
    const list = await t.app.inject({ url: `/api/punchout/documents?companyId=${pc.company.id}`, headers: { cookie: shop.cookie } });
    expect((list.json() as PunchoutDocument[]).every((d) => !d.hasBody)).toBe(true);
  });
});
