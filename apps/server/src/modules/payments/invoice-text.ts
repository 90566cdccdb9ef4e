import { CART_LINES_MAX } from '@bulkparts/shared';

/**
 * Bounds on the text that reaches a document. pdfkit's line wrapping takes time that grows faster
 * than the length of a text (a long word without break opportunities is measured again and again):
 * 40,000 characters took seconds, 1 MiB more than ten minutes. Account fields are validated at the
 * edge, but older rows, admin edits or a field added later may still be long, so every string that
 * goes into an invoice is cut here as defence in depth, whatever field it comes from.
 */
export const INVOICE_TEXT_LIMIT = 300;
/** Multi-line fields (a postal address) get more room. */
export const INVOICE_LONG_TEXT_LIMIT = 1000;
const LONG_TEXT_KEYS = new Set(['address']);
/** Lines an invoice may list: every line a cart (so an order) can hold. */
export const INVOICE_LINES_MAX = CART_LINES_MAX;
/** Deeper than any invoice input: a cyclic or absurdly nested value is cut instead of recursed. */
const MAX_DEPTH = 6;

/** `text` if it fits in `max` UTF-16 units, otherwise cut to `max` with a trailing '…' (never splitting a surrogate pair). */
export function boundText(text: string, max = INVOICE_TEXT_LIMIT): string {
  if (text.length <= max) return text;
  let cut = text.slice(0, Math.max(0, max - 1));
  const last = cut.charCodeAt(cut.length - 1);
  if (last >= 0xd800 && last <= 0xdbff) cut = cut.slice(0, -1);
  return `${cut}…`;
}

/**
 * A copy of plain data (objects, arrays, primitives) with every string bounded: `address` keys get
 * INVOICE_LONG_TEXT_LIMIT, everything else INVOICE_TEXT_LIMIT. Generic on purpose: the invoice's
 * inputs grow (order number, address lines, tax) without this list having to follow.
 */
export function boundInvoiceInput<T>(value: T): T {
  return bound(value, INVOICE_TEXT_LIMIT, 0) as T;
}

function bound(value: unknown, max: number, depth: number): unknown {
  if (typeof value === 'string') return boundText(value, max);
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) return undefined;
  if (Array.isArray(value)) return value.slice(0, INVOICE_LINES_MAX).map((v) => bound(v, max, depth + 1));
  if (value instanceof Date) return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [k, bound(v, LONG_TEXT_KEYS.has(k) ? INVOICE_LONG_TEXT_LIMIT : INVOICE_TEXT_LIMIT, depth + 1)]),
  );
}
