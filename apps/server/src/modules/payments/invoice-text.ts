import { CART_LINES_MAX } from '@bulkparts/shared';
import { boundText, PDF_TEXT_LIMIT } from '../../lib/pdf-text.js';

/** Every string that goes into an invoice is cut (lib/pdf-text.ts says why); a single line gets this. */
export const INVOICE_TEXT_LIMIT = PDF_TEXT_LIMIT;
/** Multi-line fields (a postal address) get more room. */
export const INVOICE_LONG_TEXT_LIMIT = 1000;
const LONG_TEXT_KEYS = new Set(['address']);
/** Lines an invoice may list: every line a cart (so an order) can hold. */
export const INVOICE_LINES_MAX = CART_LINES_MAX;
/** Deeper than any invoice input: a cyclic or absurdly nested value is cut instead of recursed. */
const MAX_DEPTH = 6;

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
