import { formatCents, formatQuantity, formatUnitPrice, lineTotalCents, type Quote } from '@bulkparts/shared';
import { boundText } from '../../lib/pdf-text.js';
import type { QuoteLineRow } from './quotes.repository.js';
import { quotedTotalCents } from './quote-view.js';

/** A note or message may be long (2,000 characters); every other text is cut as on invoices (lib/pdf-text.ts). */
const LONG_TEXT_LIMIT = 2000;

/**
 * Everything a quote document says, as text, before any layout: what `quote-pdf.ts` draws (in the
 * invoice renderer's worker) and what tests read. Plain data, so it crosses to the worker as it is.
 */
export interface QuoteDocument {
  title: string;
  meta: string[];
  seller: string[];
  buyer: string[];
  items: { item: string; quantity: string; unitPrice: string; amount: string }[];
  total: string;
  notes: string[];
}

/** A requested quote has no prices yet: its document lists the lines 'awaiting price'. */
export const AWAITING_PRICE = 'awaiting price';

const STATUS_LABEL: Record<Quote['status'], string> = {
  requested: 'Requested, awaiting our prices',
  answered: 'Answered',
  accepted: 'Accepted',
  declined: 'Declined',
  expired: 'Expired',
  withdrawn: 'Withdrawn',
};

const day = (iso: string) => iso.slice(0, 10);

/**
 * The quote (status as of now) and its stored lines (unit prices in 1/10,000 dollar, amounts in
 * cents) as the document's text; `seller`: the seller record's document lines (issue 30).
 */
export function quoteDocument(quote: Quote, lines: readonly QuoteLineRow[], seller: string[]): QuoteDocument {
  const priced = lines.every((l) => l.quoted_unit_price_e4 !== null);
  const items = lines.map((l) => {
    const unit = l.quoted_unit_price_e4 === null ? null : Number(l.quoted_unit_price_e4);
    return {
      item: boundText(`${l.sku} · ${l.product_name}`),
      quantity: formatQuantity(Number(l.quantity)),
      unitPrice: unit === null ? AWAITING_PRICE : formatUnitPrice(unit),
      amount: unit === null ? AWAITING_PRICE : formatCents(lineTotalCents(unit, Number(l.quantity))),
    };
  });
  const total = priced ? quotedTotalCents(lines) : null;
  return {
    title: 'QUOTE',
    meta: [
      `Quote number: ${quote.quoteNumber}`,
      `Requested: ${day(quote.createdAt)}`,
      ...(quote.answeredAt ? [`Answered: ${day(quote.answeredAt)}`] : []),
      `Status: ${STATUS_LABEL[quote.status]}`,
      ...(quote.validUntil ? [`Valid until: ${quote.validUntil.slice(0, 16).replace('T', ' ')} UTC`] : []),
    ],
    seller,
    buyer: [boundText(quote.userEmail)],
    items,
    total: total === null ? `Total: ${AWAITING_PRICE}` : `Quoted total: ${formatCents(total)}`,
    notes: [
      ...(quote.note ? [`Your note: ${boundText(quote.note, LONG_TEXT_LIMIT)}`] : []),
      ...(quote.message ? [`Our message: ${boundText(quote.message, LONG_TEXT_LIMIT)}`] : []),
      priced
        ? 'Accept the quote before its date to order at these prices. Prices in US dollars, excluding tax and shipping.'
        : 'We will mail you when the prices are ready.',
    ],
  };
}

export const quoteFilename = (quote: Pick<Quote, 'quoteNumber'>) => `quote-${quote.quoteNumber}.pdf`;
