import type { PunchoutConfig, PunchoutConfigInputValues } from '@bulkparts/shared';
import type { FastifyInstance } from 'fastify';
import { ADDRESS } from '../helpers/cart.js';
import { cookieFrom, type SignedInUser } from '../helpers/factories.js';
import type { TestApp } from '../helpers/test-app.js';
import { addMember, createCompany, shopAdmin, type TestCompany } from '../orders/company-helpers.js';

/** Issue 32: a company set up for punchout, and the documents a procurement system sends, for the punchout tests. */

export const RETURN_ORIGIN = 'https://procurement.buyer.example';
export const RETURN_URL = `${RETURN_ORIGIN}/cxml/receive?session=42&lang=en`;
export const HOOK_URL = `${RETURN_ORIGIN}/sap/oci/hook?sap-client=100`;
export const SECRET = 'abracadabra-2026';
export const OCI_PASSWORD = 'oci-password-2026';

export interface Credential {
  domain: string;
  identity: string;
}

export interface PunchoutCompany extends TestCompany {
  /** The company's punchout member (a buyer with no spending limit). */
  member: SignedInUser;
  shop: SignedInUser;
  from: Credential;
  sender: Credential;
  ociUsername: string;
  config: PunchoutConfig;
}

let seq = 0;

/** A company with payment terms, a punchout member and a punchout setup (cXML identities and OCI credentials), made through the API. */
export async function punchoutCompany(t: TestApp, overrides: Partial<PunchoutConfigInputValues> = {}): Promise<PunchoutCompany> {
  const n = `${Date.now().toString(36)}${++seq}`;
  const c = await createCompany(t.app, { paymentTerms: 'net30', creditLimit: 1_000_000 });
  const member = await addMember(t, c, 'buyer');
  const shop = await shopAdmin(t.app);
  const from = { domain: 'NetworkID', identity: `AN-BUYER-${n}` };
  const sender = { domain: 'NetworkID', identity: `AN-HUB-${n}` };
  const ociUsername = `oci-${n}`;
  const res = await t.app.inject({
    method: 'PUT',
    url: `/api/companies/${c.company.id}/punchout`,
    headers: { cookie: shop.cookie },
    payload: {
      protocol: 'cxml',
      fromIdentity: from,
      senderIdentity: sender,
      sharedSecret: SECRET,
      ociUsername,
      ociPassword: OCI_PASSWORD,
      allowedReturnOrigins: [RETURN_ORIGIN],
      memberEmail: member.email,
      systemName: 'SAP Ariba',
      ...overrides,
    },
  });
  if (res.statusCode !== 200) throw new Error(`punchout setup failed: ${res.statusCode} ${res.body}`);
  return { ...c, member, shop, from, sender, ociUsername, config: res.json() as PunchoutConfig };
}

const esc = (v: string) => v.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const DOCTYPE = '<!DOCTYPE cXML SYSTEM "http://xml.cxml.org/schemas/cXML/1.2.014/cXML.dtd">';

function header(from: Credential, sender: Credential, secret: string): string {
  return `<Header>
    <From><Credential domain="${esc(from.domain)}"><Identity>${esc(from.identity)}</Identity></Credential></From>
    <To><Credential domain="DUNS"><Identity>123456789</Identity></Credential></To>
    <Sender><Credential domain="${esc(sender.domain)}"><Identity>${esc(sender.identity)}</Identity><SharedSecret>${esc(secret)}</SharedSecret></Credential>
      <UserAgent>Test Procurement 1.0</UserAgent></Sender>
  </Header>`;
}

export interface SetupOptions {
  from?: Credential;
  sender?: Credential;
  secret?: string;
  buyerCookie?: string;
  returnUrl?: string;
  operation?: 'create' | 'edit' | 'inspect';
  items?: { sku: string; quantity: number }[];
}

/** A `PunchOutSetupRequest` as Ariba sends one. */
export function setupRequest(pc: Pick<PunchoutCompany, 'from' | 'sender'>, o: SetupOptions = {}): string {
  const items = (o.items ?? [])
    .map((i) => `<ItemOut quantity="${i.quantity}"><ItemID><SupplierPartID>${esc(i.sku)}</SupplierPartID></ItemID></ItemOut>`)
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?>
${DOCTYPE}
<cXML payloadID="setup.${Date.now()}@buyer.example" timestamp="2026-12-06T10:00:00+00:00" xml:lang="en-US">
  ${header(o.from ?? pc.from, o.sender ?? pc.sender, o.secret ?? SECRET)}
  <Request deploymentMode="test">
    <PunchOutSetupRequest operation="${o.operation ?? 'create'}">
      <BuyerCookie>${esc(o.buyerCookie ?? 'cookie-550bce3e')}</BuyerCookie>
      <Extrinsic name="UserEmail">jane.buyer@buyer.example</Extrinsic>
      <BrowserFormPost><URL>${esc(o.returnUrl ?? RETURN_URL)}</URL></BrowserFormPost>
      <SupplierSetup><URL>https://shop.example/punchout</URL></SupplierSetup>
      ${items}
    </PunchOutSetupRequest>
  </Request>
</cXML>`;
}

export interface OrderLine {
  sku: string;
  quantity: number | string;
  /** Dollars as text ('0.18'). */
  unitPrice: string;
  currency?: string;
}

export interface OrderOptions {
  orderId: string;
  lines: OrderLine[];
  shipTo?: boolean;
  comments?: string;
  secret?: string;
  type?: string;
}

/** An `OrderRequest` as a procurement system sends one. */
export function orderRequest(pc: Pick<PunchoutCompany, 'from' | 'sender'>, o: OrderOptions): string {
  const shipTo =
    o.shipTo === false
      ? ''
      : `<ShipTo><Address addressID="DOCK-7"><Name xml:lang="en">Buyer Plant 7</Name><PostalAddress>
          <DeliverTo>Receiving, Dock 7</DeliverTo><Street>1 Mill Road</Street><Street>Unit 4</Street>
          <City>Leeds</City><PostalCode>LS1 4AB</PostalCode><Country isoCountryCode="GB">United Kingdom</Country>
        </PostalAddress></Address></ShipTo>`;
  const items = o.lines
    .map(
      (l, i) => `<ItemOut quantity="${l.quantity}" lineNumber="${i + 1}">
        <ItemID><SupplierPartID>${esc(l.sku)}</SupplierPartID></ItemID>
        <ItemDetail><UnitPrice><Money currency="${l.currency ?? 'USD'}">${l.unitPrice}</Money></UnitPrice>
          <Description xml:lang="en">Part ${esc(l.sku)}</Description><UnitOfMeasure>EA</UnitOfMeasure>
          <Classification domain="UNSPSC">31161600</Classification></ItemDetail>
      </ItemOut>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
${DOCTYPE}
<cXML payloadID="order.${o.orderId}.${Date.now()}@buyer.example" timestamp="2026-12-06T11:00:00+00:00" xml:lang="en-US">
  ${header(pc.from, pc.sender, o.secret ?? SECRET)}
  <Request deploymentMode="test">
    <OrderRequest>
      <OrderRequestHeader orderID="${esc(o.orderId)}" orderDate="2026-12-06T11:00:00+00:00" type="${o.type ?? 'new'}">
        <Total><Money currency="USD">0.00</Money></Total>
        ${shipTo}
        <BillTo><Address addressID="HQ"><Name xml:lang="en">Buyer HQ</Name><PostalAddress><Street>2 Park Row</Street><City>Leeds</City><PostalCode>LS1 5AA</PostalCode><Country isoCountryCode="GB">United Kingdom</Country></PostalAddress></Address></BillTo>
        ${o.comments ? `<Comments xml:lang="en">${esc(o.comments)}</Comments>` : ''}
      </OrderRequestHeader>
      ${items}
    </OrderRequest>
  </Request>
</cXML>`;
}

export function postCxml(app: FastifyInstance, path: 'setup' | 'order', xml: string | Buffer, contentType = 'text/xml; charset=utf-8') {
  return app.inject({ method: 'POST', url: `/punchout/cxml/${path}`, headers: { 'content-type': contentType }, payload: xml });
}

/** A cXML answer's `Status`: its code, text and message. */
export function statusOf(xml: string): { code: number; text: string; message: string } {
  const m = /<Status code="(\d+)" text="([^"]*)"[^>]*?(?:\/>|>([\s\S]*?)<\/Status>)/.exec(xml);
  if (!m) throw new Error(`no Status in ${xml.slice(0, 400)}`);
  return { code: Number(m[1]), text: m[2]!, message: decode(m[3] ?? '') };
}

export function decode(text: string): string {
  return text.replace(/&(lt|gt|amp|quot|apos|#39);/g, (_, e: string) => ({ lt: '<', gt: '>', amp: '&', quot: '"', apos: "'", '#39': "'" })[e]!);
}

export function startPathOf(xml: string): string {
  const m = /<StartPage><URL>([^<]+)<\/URL><\/StartPage>/.exec(xml);
  if (!m) throw new Error(`no StartPage in ${xml.slice(0, 400)}`);
  return new URL(decode(m[1]!)).pathname;
}

/** A cXML setup, then the start link opened: the browser's punchout session cookie. */
export async function startCxmlSession(t: TestApp, pc: PunchoutCompany, o: SetupOptions = {}): Promise<{ cookie: string; location: string }> {
  const setup = await postCxml(t.app, 'setup', setupRequest(pc, o));
  if (setup.statusCode !== 200) throw new Error(`setup failed: ${setup.statusCode} ${setup.body}`);
  const start = await t.app.inject({ method: 'GET', url: startPathOf(setup.body) });
  if (start.statusCode !== 303) throw new Error(`start failed: ${start.statusCode} ${start.body}`);
  return { cookie: cookieFrom(start.headers['set-cookie']), location: String(start.headers.location) };
}

/** An OCI login posted as SAP's page posts it: the browser's punchout session cookie. */
export async function startOciSession(t: TestApp, pc: PunchoutCompany, extra: Record<string, string> = {}): Promise<{ cookie: string; location: string }> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/punchout/oci',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: RETURN_ORIGIN },
    payload: new URLSearchParams({
      USERNAME: pc.ociUsername,
      PASSWORD: OCI_PASSWORD,
      HOOK_URL,
      '~OkCode': 'ADDI',
      '~TARGET': '_top',
      '~CALLER': 'CTLG',
      ...extra,
    }).toString(),
  });
  if (res.statusCode !== 303) throw new Error(`OCI start failed: ${res.statusCode} ${res.body}`);
  return { cookie: cookieFrom(res.headers['set-cookie']), location: String(res.headers.location) };
}

/** The return page's form: its action, target and hidden fields (decoded). */
export function returnForm(html: string): { action: string; target: string | null; fields: [string, string][] } {
  const form = /<form id="punchout-return" method="post" action="([^"]*)"(?: target="([^"]*)")?/.exec(html);
  if (!form) throw new Error(`no return form in ${html.slice(0, 400)}`);
  const fields = [...html.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)].map((m) => [decode(m[1]!), decode(m[2]!)] as [string, string]);
  return { action: decode(form[1]!), target: form[2] ? decode(form[2]) : null, fields };
}

export async function addToCart(app: FastifyInstance, cookie: string, lines: { sku: string; quantity: number }[]) {
  const res = await app.inject({ method: 'POST', url: '/api/cart/lines', headers: { cookie }, payload: { lines } });
  if (res.statusCode !== 200) throw new Error(`cart add failed: ${res.statusCode} ${res.body}`);
  return res.json() as { lines: { sku: string; unitPrice: number; lineTotal: number; quantity: number }[]; subtotal: number };
}

export { ADDRESS };
