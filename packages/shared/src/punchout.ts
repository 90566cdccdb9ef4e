import { formatUnitPriceDecimal, type Cents, type UnitPriceE4 } from './money.js';

/**
 * Punchout's pure rules (issue 32), zod-free: the decimal texts cXML and OCI carry for money and
 * quantities, the return URL's origin check, and the OCI cart fields. The server's documents and
 * the web's pages use these; nothing here does I/O.
 */

/** The shop's one currency, as cXML's `Money currency` and OCI's `NEW_ITEM-CURRENCY` name it. */
export const CURRENCY_CODE = 'USD';
/** Every line is sold by the piece: cXML `UnitOfMeasure` and OCI `NEW_ITEM-UNIT` (UN/CEFACT "each"). */
export const UNIT_OF_MEASURE = 'EA';
/** A start link works once, for this long (issue 32). */
export const PUNCHOUT_START_TTL_SECONDS = 15 * 60;
/** A punchout browser session ends this long after it started, whatever happens (a working day). */
export const PUNCHOUT_SESSION_TTL_SECONDS = 8 * 60 * 60;
/** The largest punchout document read (cXML or an OCI form): anything larger is refused unread. */
export const PUNCHOUT_BODY_LIMIT_BYTES = 1024 * 1024;
/** A punchout document's text is kept this long for the log; its row stays. */
export const PUNCHOUT_DOCUMENT_BODY_DAYS = 90;
/** OCI's field lengths (SAP OCI 4.0/5.0): longer values are cut, as SAP itself would. */
export const OCI_DESCRIPTION_MAX_LENGTH = 40;
export const OCI_VENDORMAT_MAX_LENGTH = 40;
export const OCI_LONGTEXT_MAX_LENGTH = 132;

/** '1234.50': cents as the plain decimal text cXML `Money` and OCI `NEW_ITEM-PRICE` carry (no grouping, a dot). */
export function moneyText(cents: Cents): string {
  const sign = cents < 0 ? '-' : '';
  const c = Math.abs(Math.trunc(cents));
  return `${sign}${Math.floor(c / 100)}.${String(c % 100).padStart(2, '0')}`;
}

/**
 * A decimal money text from a document ('0.18', '12', '1,234.5' is refused) in 1/10,000 of a
 * dollar, exactly, or null: at most 4 decimals, no exponent, no grouping. Integer arithmetic only.
 */
export function parseMoneyText(text: string): number | null {
  const m = /^\s*(-?)(\d{1,12})(?:\.(\d{0,4}))?\s*$/.exec(text);
  if (!m) return null;
  const whole = Number(m[2]);
  const fraction = Number((m[3] ?? '').padEnd(4, '0'));
  const value = whole * 10_000 + fraction;
  return m[1] === '-' ? -value : value;
}

/** A quantity text ('100', '100.000') as whole pieces, or null (a fraction, a sign, not a number). */
export function parseQuantityText(text: string): number | null {
  const m = /^\s*(\d{1,9})(?:\.(0*))?\s*$/.exec(text);
  return m ? Number(m[1]) : null;
}

/** `scheme://authority` at the start of a URL; the authority ends at the path, query or fragment. */
const URL_HEAD = /^(https?):\/\/([^/?#\\]*)(?:[/?#]|$)/i;
const HOST_PORT = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::(\d{1,5}))?$/i;
const LOOPBACK_HOST = /^(localhost|127\.0\.0\.1|\[::1\])$/;

/**
 * The origin of a URL or origin text (`https://Buyer.example.com:443/path` → `https://buyer.example.com`):
 * https, or http for a loopback host (a test system on this machine); no user name or password in
 * it. Null for anything else. (No `URL` here: packages/shared runs without DOM or Node types.)
 */
export function returnOriginOf(text: string): string | null {
  const head = URL_HEAD.exec(text.trim());
  if (!head) return null;
  const scheme = head[1]!.toLowerCase();
  const hostPort = HOST_PORT.exec(head[2]!);
  if (!hostPort) return null;
  const host = hostPort[1]!.toLowerCase();
  const port = hostPort[2] === undefined ? '' : String(Number(hostPort[2]));
  if (port && (Number(port) < 1 || Number(port) > 65535)) return null;
  if (scheme !== 'https' && !(scheme === 'http' && LOOPBACK_HOST.test(host))) return null;
  const defaultPort = scheme === 'https' ? '443' : '80';
  return `${scheme}://${host}${port && port !== defaultPort ? `:${port}` : ''}`;
}

/** Whether a return URL (`BrowserFormPost`, `HOOK_URL`) is on one of the company's allowed origins. */
export function isAllowedReturnUrl(url: string, allowedOrigins: readonly string[]): boolean {
  const origin = returnOriginOf(url);
  return origin !== null && allowedOrigins.includes(origin);
}

/** One line of a cart as punchout sends it back. */
export interface PunchoutCartLine {
  productId: string;
  sku: string;
  name: string;
  /** The brand, sent as the manufacturer's name. */
  brand: string;
  quantity: number;
  /** Issue 30: 1/10,000 dollar per piece. */
  unitPriceE4: UnitPriceE4;
  lineTotalCents: Cents;
  unspsc: string | null;
  /** The product's category slug (the classification of a line without a UNSPSC code). */
  category: string | null;
  /** A backordered line's promised dispatch day (`YYYY-MM-DD`, issue 31), else null. */
  promisedDispatchDate: string | null;
}

/** Whole days from `today` to a promised dispatch day (both `YYYY-MM-DD`, UTC), never below 0. */
export function leadTimeDays(promisedDispatchDate: string, today: string): number {
  const days = Math.round((Date.parse(`${promisedDispatchDate}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
  return Number.isFinite(days) && days > 0 ? days : 0;
}

/**
 * The OCI 4.0/5.0 cart fields (`NEW_ITEM-…[n]`, n from 1), in a stable order, for the form the
 * return page posts to `HOOK_URL`. `NEW_ITEM-MATGROUP` only for a line with a UNSPSC code,
 * `NEW_ITEM-LEADTIME` only for a backordered line (days to its promised dispatch).
 */
export function ociCartFields(lines: readonly PunchoutCartLine[], today: string): [string, string][] {
  const fields: [string, string][] = [];
  lines.forEach((line, i) => {
    const n = i + 1;
    const add = (name: string, value: string) => fields.push([`NEW_ITEM-${name}[${n}]`, value]);
    add('DESCRIPTION', line.name.slice(0, OCI_DESCRIPTION_MAX_LENGTH));
    add('QUANTITY', String(line.quantity));
    add('UNIT', UNIT_OF_MEASURE);
    add('PRICE', formatUnitPriceDecimal(line.unitPriceE4));
    add('PRICEUNIT', '1');
    add('CURRENCY', CURRENCY_CODE);
    add('VENDORMAT', line.sku.slice(0, OCI_VENDORMAT_MAX_LENGTH));
    if (line.unspsc) add('MATGROUP', line.unspsc);
    if (line.promisedDispatchDate) add('LEADTIME', String(leadTimeDays(line.promisedDispatchDate, today)));
    add('EXT_PRODUCT_ID', line.productId);
    // The long text carries the whole name (DESCRIPTION is cut at 40 characters); its odd name is OCI's.
    fields.push([`NEW_ITEM-LONGTEXT_${n}:132[]`, line.name.slice(0, OCI_LONGTEXT_MAX_LENGTH)]);
  });
  return fields;
}
