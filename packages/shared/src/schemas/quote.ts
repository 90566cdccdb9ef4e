import { z } from 'zod';
import { PRODUCT_PRICE_MAX_E4 } from '../constants.js';
import { shippingAddressSchema } from './address.js';
import { hasAtMostTwoDecimals } from '../money.js';
import { SHIPPING_PRICE_MAX } from './shipping.js';
import { optionalTextSchema, paginationQuerySchema, unitPriceSchema } from './common.js';
import { orderDetailsShape } from './order-details.js';

/**
 * Requests for quote (issue 17, ADR 0017). A buyer asks for a price on lines of up to a million
 * pieces; an admin answers with a unit price per line and a validity date; the buyer accepts (an
 * order at exactly those prices, past the 1000-piece line cap), declines, or withdraws while it
 * is still `requested`.
 */
export const QUOTE_STATUSES = ['requested', 'answered', 'accepted', 'declined', 'expired', 'withdrawn'] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

/** The quote lifecycle. The only place the allowed moves are written down (like ORDER_TRANSITIONS). */
export const QUOTE_TRANSITIONS: Record<QuoteStatus, readonly QuoteStatus[]> = {
  requested: ['answered', 'withdrawn'],
  // `expired`: answered and left past `validUntil`; it can no longer be accepted.
  answered: ['accepted', 'declined', 'expired'],
  accepted: [],
  declined: [],
  expired: [],
  withdrawn: [],
};

export function canMoveQuote(from: QuoteStatus, to: QuoteStatus): boolean {
  return QUOTE_TRANSITIONS[from].includes(to);
}

/**
 * The status a quote has at `now`: an answered quote past its `validUntil` is expired, whether or
 * not a sweep has written that yet. Every read and every move goes through this.
 */
export function quoteStatusAt(status: QuoteStatus, validUntil: string | null, now: Date = new Date()): QuoteStatus {
  if (status === 'answered' && validUntil !== null && Date.parse(validUntil) < now.getTime()) return 'expired';
  return status;
}

/** Pieces one quote line may ask for. */
export const QUOTE_QUANTITY_MAX = 1_000_000;
export const QUOTE_LINES_MAX = 50;
export const QUOTE_NOTE_MAX_LENGTH = 1000;
export const QUOTE_MESSAGE_MAX_LENGTH = 2000;
/** How far ahead an answer may be valid. */
export const QUOTE_VALIDITY_MAX_DAYS = 365;

/** 'Q-000123': the short number people quote (sequential per quote). */
export function formatQuoteNumber(n: number): string {
  return `Q-${String(n).padStart(6, '0')}`;
}

const productIdSchema = z.string({ error: 'productId is required' }).min(1, 'productId is required').max(100, 'productId is not valid');

/** Each product at most once (a quote line per product, as a cart has). */
function uniqueProducts(lines: readonly { productId: string }[], ctx: z.RefinementCtx): void {
  const seen = new Set<string>();
  lines.forEach((l, i) => {
    if (seen.has(l.productId)) ctx.addIssue({ code: 'custom', path: ['lines', i, 'productId'], message: 'Each product can be on one line only' });
    seen.add(l.productId);
  });
}

/** `POST /api/quotes`. */
export const quoteRequestSchema = z
  .object({
    lines: z
      .array(
        z.object({
          productId: productIdSchema,
          quantity: z
            .number({ error: 'Quantity must be a number' })
            .int('Quantity must be a whole number of pieces')
            .min(1, 'Quantity must be at least 1')
            .max(QUOTE_QUANTITY_MAX, `Quantity must be at most ${QUOTE_QUANTITY_MAX.toLocaleString('en-US')}`),
        }),
        { error: 'lines must be a list of { productId, quantity }' },
      )
      .min(1, 'Add at least one line')
      .max(QUOTE_LINES_MAX, `At most ${QUOTE_LINES_MAX} lines`),
    note: optionalTextSchema('Note', QUOTE_NOTE_MAX_LENGTH),
  })
  .superRefine((v, ctx) => uniqueProducts(v.lines, ctx));
export type QuoteRequestValues = z.input<typeof quoteRequestSchema>;
export type QuoteRequest = z.output<typeof quoteRequestSchema>;

/**
 * `POST /api/quotes/:id/accept` (issue 29): the checkout's ship-to, PO number, note and payment
 * method, each optional with the rules `POST /api/purchase` has; no body is `{}` (by card, the
 * buyer's last ship-to). The lines, quantities and prices are the quote's and cannot be sent.
 */
export const quoteAcceptInputSchema = z.object({
  shippingAddress: shippingAddressSchema.optional(),
  ...orderDetailsShape,
});
export type QuoteAcceptInputValues = z.input<typeof quoteAcceptInputSchema>;
export type QuoteAcceptInput = z.output<typeof quoteAcceptInputSchema>;

/** A quoted unit price in dollars, up to 4 decimals (issue 30). */
export const quotedPriceSchema = unitPriceSchema('Unit price', PRODUCT_PRICE_MAX_E4);

/**
 * `PATCH /api/quotes/:id` (admin): a unit price for every line of the quote, the date the prices
 * hold until (an ISO date or date-time; a bare date means the end of that day, UTC), a message.
 * The server checks that the lines are exactly the quote's and that `validUntil` is in the future.
 */
export const quoteAnswerSchema = z
  .object({
    lines: z
      .array(z.object({ productId: productIdSchema, unitPrice: quotedPriceSchema }), { error: 'lines must be a list of { productId, unitPrice }' })
      .min(1, 'Price every line')
      .max(QUOTE_LINES_MAX, `At most ${QUOTE_LINES_MAX} lines`),
    validUntil: z
      .string({ error: 'validUntil is required' })
      .trim()
      .regex(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2}))?$/, 'validUntil must be a date (YYYY-MM-DD) or an ISO date-time')
      .refine((v) => !Number.isNaN(Date.parse(v)), 'validUntil must be a real date')
      .transform((v) => (v.length === 10 ? `${v}T23:59:59.999Z` : new Date(v).toISOString())),
    message: optionalTextSchema('Message', QUOTE_MESSAGE_MAX_LENGTH),
    /** Issue 30: a freight price for the order (dollars), charged as its shipping when the quote is accepted; none: the order's shipping is chosen as at checkout. */
    shipping: z
      .number({ error: 'Shipping must be a number' })
      .min(0, 'Shipping cannot be negative')
      .max(SHIPPING_PRICE_MAX, 'Shipping is too large')
      .refine(hasAtMostTwoDecimals, 'Shipping can have at most two decimals')
      .nullable()
      .optional(),
  })
  .superRefine((v, ctx) => uniqueProducts(v.lines, ctx));
export type QuoteAnswerValues = z.input<typeof quoteAnswerSchema>;
export type QuoteAnswer = z.output<typeof quoteAnswerSchema>;

/**
 * One line of a quote: the product as it was asked for, `listUnitPrice` the shop's own price for
 * that quantity when asked (`unitPriceFor`, the starting point), `unitPrice` / `lineTotal` the
 * quoted price once answered (null before).
 */
export const quoteLineSchema = z.object({
  productId: z.string(),
  sku: z.string(),
  name: z.string(),
  img: z.string(),
  quantity: z.number().int(),
  listUnitPrice: z.number(),
  unitPrice: z.number().nullable(),
  lineTotal: z.number().nullable(),
});
export type QuoteLine = z.infer<typeof quoteLineSchema>;

/** A quote as the API answers it; `status` is `quoteStatusAt` now; `orderId` once accepted. */
export const quoteSchema = z.object({
  _id: z.string(),
  quoteNumber: z.string(),
  status: z.enum(QUOTE_STATUSES),
  userEmail: z.string(),
  note: z.string().nullable(),
  message: z.string().nullable(),
  validUntil: z.string().nullable(),
  createdAt: z.string(),
  answeredAt: z.string().nullable(),
  orderId: z.string().nullable(),
  lines: z.array(quoteLineSchema),
  /** The quoted total in dollars once answered; null before. */
  total: z.number().nullable(),
  /** Issue 30: the quoted shipping (freight) price in dollars; null: none quoted. */
  shipping: z.number().nullable(),
});
export type Quote = z.infer<typeof quoteSchema>;

/**
 * `GET /api/quotes` (own; every quote for admins unless `mine=true`, their My Quotes page):
 * newest first, `X-Total-Count`.
 */
export const quoteListQuerySchema = paginationQuerySchema.extend({
  status: z.enum(QUOTE_STATUSES, { error: `status must be one of ${QUOTE_STATUSES.join(', ')}` }).optional(),
  mine: z
    .enum(['true', 'false'], { error: 'mine must be true or false' })
    .optional()
    .transform((v) => v === 'true'),
});
export type QuoteListQuery = z.infer<typeof quoteListQuerySchema>;
