import { randomInt } from 'node:crypto';
import {
  CURRENCY_CODE,
  formatUnitPriceDecimal,
  leadTimeDays,
  moneyText,
  UNIT_OF_MEASURE,
  type Cents,
  type UnitPriceE4,
  type PunchoutCartLine,
  type PunchoutCredential,
  type PunchoutOperation,
} from '@bulkparts/shared';

/**
 * cXML 1.2 documents out (issue 32): the `Response` to a setup or an order, and the cart
 * (`PunchOutOrderMessage`). Built as text with every value escaped; the DOCTYPE line is cXML's
 * own (buyers' systems validate against it; nothing here reads it).
 */

const CXML_VERSION = '1.2.014';
const DOCTYPE = `<!DOCTYPE cXML SYSTEM "http://xml.cxml.org/schemas/cXML/${CXML_VERSION}/cXML.dtd">`;
export const USER_AGENT = 'bulkparts punchout';

/** Escapes text and attribute values (quotes too, so the same function serves both). */
export function xmlEscape(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
}

/** `<name a="…">children</name>`: attributes with undefined values are left out. */
function el(name: string, attrs: Record<string, string | undefined>, ...content: (string | false | null | undefined)[]): string {
  const a = Object.entries(attrs)
    .filter((e): e is [string, string] => e[1] !== undefined)
    .map(([k, v]) => ` ${k}="${xmlEscape(v)}"`)
    .join('');
  const inner = content.filter((c): c is string => typeof c === 'string').join('');
  return inner ? `<${name}${a}>${inner}</${name}>` : `<${name}${a}/>`;
}
const txt = (name: string, value: string, attrs: Record<string, string | undefined> = {}) => el(name, attrs, xmlEscape(value));

/** cXML's `timestamp`: ISO 8601 with an explicit offset. */
export function cxmlTimestamp(at = new Date()): string {
  return at.toISOString().replace(/\.\d{3}Z$/, '+00:00');
}

/** A new `payloadID`: `<time>.<process>.<random>@<shop host>`, as cXML recommends. */
export function newPayloadId(host: string, at = new Date()): string {
  return `${at.getTime()}.${process.pid}.${String(randomInt(100_000)).padStart(5, '0')}@${host}`;
}

function document(payloadId: string, body: string, at = new Date()): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n${DOCTYPE}\n${el('cXML', { payloadID: payloadId, timestamp: cxmlTimestamp(at), 'xml:lang': 'en-US' }, body)}\n`;
}

/** The words cXML pairs with a status code (`Status text`); the detail goes in the element. */
const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
};

/** A cXML `Response`: its `Status`, and for a success what it answers (a `PunchOutSetupResponse`). */
export function cxmlResponse(o: { payloadId: string; status: number; message?: string | undefined; body?: string | undefined }): string {
  const status = el('Status', { code: String(o.status), text: STATUS_TEXT[o.status] ?? 'Error', 'xml:lang': 'en-US' }, o.message ? xmlEscape(o.message) : null);
  return document(o.payloadId, el('Response', {}, status, o.body));
}

/** `PunchOutSetupResponse/StartPage/URL`. */
export function setupResponseBody(startUrl: string): string {
  return el('PunchOutSetupResponse', {}, el('StartPage', {}, txt('URL', startUrl)));
}

const credential = (c: PunchoutCredential, secret?: string) =>
  el('Credential', { domain: c.domain }, txt('Identity', c.identity), secret !== undefined && txt('SharedSecret', secret));
const money = (cents: Cents) => txt('Money', moneyText(cents), { currency: CURRENCY_CODE });
/** A unit price (1/10,000 dollar, issue 30) with the decimals it has, 2 to 4. */
const unitMoney = (e4: UnitPriceE4) => txt('Money', formatUnitPriceDecimal(e4), { currency: CURRENCY_CODE });

/** The setup's header as a cart answers it: From and To swapped (the shop is now the sender). */
export interface CartHeader {
  /** The buyer (the setup's From). */
  buyer: PunchoutCredential;
  /** This shop as the buyer's system named it (the setup's To). */
  shop: PunchoutCredential;
}

export interface CartMessage {
  payloadId: string;
  header: CartHeader;
  buyerCookie: string;
  operation: PunchoutOperation;
  lines: readonly PunchoutCartLine[];
  totalCents: Cents;
  /** The estimated tax once the order core prices it (issue 30), else undefined: no `Tax` element. */
  taxCents?: Cents | undefined;
  /** Today (`YYYY-MM-DD`), for a backordered line's lead time. */
  today: string;
}

/**
 * The `PunchOutOrderMessage` (the cart going back): the BuyerCookie, the total, and one `ItemIn`
 * per line with `SupplierPartID` (the SKU), `SupplierPartAuxiliaryID` (the product id),
 * `UnitPrice`, `Description`, `UnitOfMeasure` EA, a `Classification` (UNSPSC when the product has
 * one; cXML requires one, so the shop's own category slug otherwise), the brand as manufacturer, and
 * for a backordered line its `LeadTime` in days and the promised dispatch day as an `Extrinsic`.
 */
export function orderMessage(m: CartMessage): string {
  const items = m.lines.map((line, i) =>
    el(
      'ItemIn',
      { quantity: String(line.quantity), lineNumber: String(i + 1) },
      el('ItemID', {}, txt('SupplierPartID', line.sku), txt('SupplierPartAuxiliaryID', line.productId)),
      el(
        'ItemDetail',
        {},
        el('UnitPrice', {}, unitMoney(line.unitPriceE4)),
        txt('Description', line.name, { 'xml:lang': 'en' }),
        txt('UnitOfMeasure', UNIT_OF_MEASURE),
        line.unspsc
          ? txt('Classification', line.unspsc, { domain: 'UNSPSC' })
          : txt('Classification', line.category ?? 'uncategorized', { domain: 'SupplierCategory' }),
        line.brand && txt('ManufacturerName', line.brand, { 'xml:lang': 'en' }),
        line.promisedDispatchDate && txt('LeadTime', String(leadTimeDays(line.promisedDispatchDate, m.today))),
        line.promisedDispatchDate && txt('Extrinsic', line.promisedDispatchDate, { name: 'PromisedDispatchDate' }),
      ),
    ),
  );
  const head = el(
    'PunchOutOrderMessageHeader',
    { operationAllowed: m.operation === 'inspect' ? 'inspect' : 'edit' },
    el('Total', {}, money(m.totalCents)),
    m.taxCents !== undefined && el('Tax', {}, money(m.taxCents), txt('Description', 'Estimated tax', { 'xml:lang': 'en' })),
  );
  const header = el(
    'Header',
    {},
    el('From', {}, credential(m.header.shop)),
    el('To', {}, credential(m.header.buyer)),
    el('Sender', {}, credential(m.header.shop), txt('UserAgent', USER_AGENT)),
  );
  return document(m.payloadId, header + el('Message', {}, el('PunchOutOrderMessage', {}, txt('BuyerCookie', m.buyerCookie), head, ...items)));
}
