import { centsToDollars, e4ToDollars, formatQuoteNumber, lineTotalCents, quoteStatusAt, type Quote, type QuoteLine, type QuoteStatus } from '@bulkparts/shared';
import type { QuoteLineRow, QuoteRow } from './quotes.repository.js';

/** The status a stored quote has at `now` (answered and past `validUntil` reads as expired). */
export function statusOf(row: Pick<QuoteRow, 'status' | 'valid_until'>, now: Date = new Date()): QuoteStatus {
  return quoteStatusAt(row.status as QuoteStatus, row.valid_until, now);
}

export function toQuoteLine(line: QuoteLineRow): QuoteLine {
  const quoted = line.quoted_unit_price_e4 === null ? null : Number(line.quoted_unit_price_e4);
  return {
    productId: line.product_id,
    sku: line.sku,
    name: line.product_name,
    img: line.product_img,
    quantity: Number(line.quantity),
    listUnitPrice: e4ToDollars(Number(line.list_unit_price_e4)),
    unitPrice: quoted === null ? null : e4ToDollars(quoted),
    lineTotal: quoted === null ? null : centsToDollars(lineTotalCents(quoted, Number(line.quantity))),
  };
}

/** The quoted total in cents (each line rounded once, as the order will be), or null while any line is unpriced. */
export function quotedTotalCents(lines: readonly QuoteLineRow[]): number | null {
  let total = 0;
  for (const l of lines) {
    if (l.quoted_unit_price_e4 === null) return null;
    total += lineTotalCents(Number(l.quoted_unit_price_e4), Number(l.quantity));
  }
  return total;
}

/** A quote row and its lines as the API answers them (dollars, the status as of `now`). */
export function toQuote(row: QuoteRow, lines: readonly QuoteLineRow[], now: Date = new Date()): Quote {
  const total = lines.length ? quotedTotalCents(lines) : null;
  return {
    _id: row.id,
    quoteNumber: formatQuoteNumber(Number(row.quote_number)),
    status: statusOf(row, now),
    userEmail: row.user_email,
    note: row.note,
    message: row.message,
    validUntil: row.valid_until,
    createdAt: row.created_at,
    answeredAt: row.answered_at,
    orderId: row.order_id,
    lines: lines.map(toQuoteLine),
    total: total === null ? null : centsToDollars(total),
    shipping: row.shipping_cents == null ? null : centsToDollars(Number(row.shipping_cents)),
  };
}

/** Groups lines by quote id (each group in line order, as the repository reads them). */
export function linesByQuote(lines: readonly QuoteLineRow[]): Map<string, QuoteLineRow[]> {
  const map = new Map<string, QuoteLineRow[]>();
  for (const l of lines) {
    const group = map.get(l.quote_id);
    if (group) group.push(l);
    else map.set(l.quote_id, [l]);
  }
  return map;
}
