import { z } from 'zod';
import { ORDER_QUANTITY_MAX, ORDER_QUANTITY_MIN } from '../constants.js';
import { MESSAGES } from '../messages.js';
import { shippingAddressAnswerSchema, shippingAddressSchema } from './address.js';
import { orderShippingSchema } from './shipping.js';
import { optionalTextSchema, paginationQuerySchema } from './common.js';
import { PAYMENT_METHODS } from './company.js';
import { orderDetailsShape } from './order-details.js';
import { FULFILMENTS } from '../backorder.js';
import { lineTaxSchema, orderTotalsSchema } from '../order-totals.js';

export const ORDER_STATUSES = [
  'pending',
  'paid',
  'shipped',
  'delivered',
  'cancelled',
  'refunded',
  'expired',
  // Issue 18 (company accounts).
  'awaiting_approval',
  'rejected',
  'invoiced',
  // Issue 31: some pieces have shipped, not all.
  'partially_shipped',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** The order lifecycle. The only place the allowed moves are written down. */
export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  // `expired`: left unpaid past its deadline (UNPAID_ORDER_TTL); the server's sweep returns the stock.
  pending: ['paid', 'cancelled', 'expired'],
  // Over the buyer's spending limit: its stock is held. Approved, a card order becomes `pending`
  // (payable as any) and an account order `invoiced`; rejected (or left 14 days), the stock returns.
  awaiting_approval: ['pending', 'invoiced', 'rejected', 'cancelled'],
  // Paid on account: due by `dueDate`; a shop admin records the bank transfer (`mark-paid`).
  // Issue 31: an order on account ships before it is paid (its due date runs from the invoice date);
  // once shipped its payment is recorded without changing where it stands (`paidAt`).
  invoiced: ['paid', 'partially_shipped', 'shipped'],
  rejected: [],
  // Issue 31: shipments move an order to `partially_shipped`, then `shipped` once every piece has left.
  paid: ['partially_shipped', 'shipped', 'refunded'],
  partially_shipped: ['partially_shipped', 'shipped'],
  shipped: ['delivered'],
  delivered: [],
  cancelled: [],
  refunded: [],
  expired: [],
};

/**
 * Moves that put the order's unshipped pieces back on sale. Issue 31: a paid order refunded before
 * it shipped too (its pieces are still on the shelves).
 */
export const STOCK_RETURNING_STATUSES: readonly OrderStatus[] = ['cancelled', 'expired', 'rejected', 'refunded'];

/** Issue 31: the statuses an order ships from (a card order once paid, an order on account at once). */
export const SHIPPABLE_STATUSES: readonly OrderStatus[] = ['paid', 'invoiced', 'partially_shipped'];

/** 'BP-000123': the short number people quote for an order (sequential, assigned at insert). */
export function formatOrderNumber(n: number): string {
  return `BP-${String(n).padStart(6, '0')}`;
}

/**
 * The order number in a search text, as people type it: 'BP-000123', 'bp123' or '123' (case and
 * leading zeros aside); null for anything else. At most 15 digits, so it stays a safe integer
 * and within the column's bigint on both engines.
 */
export function parseOrderNumber(text: string): number | null {
  const m = /^(?:bp-?)?0*(\d{1,15})$/i.exec(text.trim());
  return m ? Number(m[1]) : null;
}

export const CARRIER_MAX_LENGTH = 60;
export const TRACKING_NUMBER_MAX_LENGTH = 100;

export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS[from].includes(to);
}

/** A priced line (an order's, a cart's): the product as it was when ordered, its price then (dollars), its pieces. */
export const pricedLineSchema = z.object({
  productId: z.string(),
  sku: z.string(),
  name: z.string(),
  img: z.string(),
  unitPrice: z.number(),
  quantity: z.number().int(),
  lineTotal: z.number(),
  /** The catalogue's price per piece for this quantity when the order was placed (issue 29); absent on older orders. */
  listUnitPrice: z.number().optional(),
});

/** One line of an order: a priced line and (issue 31) where its pieces are. */
export const orderLineSchema = pricedLineSchema.extend({
  /** Issue 31: pieces of this line that have shipped. */
  shipped: z.number().int(),
  /** Issue 31: pieces waiting for stock (allocated first come, first served when it arrives). */
  backordered: z.number().int(),
  /** Issue 31: when the backordered pieces are promised to ship (`YYYY-MM-DD`); null when none wait or no date is known. */
  promisedDispatch: z.string().nullable(),
  /** Issue 31: shipped pieces in returns that were not rejected (no more can go back than shipped less these). */
  returned: z.number().int(),
  /** Issue 30: the line's tax as decided when the order was placed; null on orders placed before tax. */
  tax: lineTaxSchema.nullable().optional(),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

/** What an order's timeline shows (issue 29), in the order they can happen. */
export const ORDER_TIMELINE_EVENTS = ['placed', 'approved', 'rejected', 'paid', 'shipped', 'delivered', 'cancelled', 'expired', 'refunded'] as const;
export type OrderTimelineEvent = (typeof ORDER_TIMELINE_EVENTS)[number];

/**
 * One step of an order's timeline: when, and who acted: a person's name, `system` (the shop on its
 * own: an unpaid order expiring, an approval timing out), or null when it was not recorded (orders
 * placed before the timeline existed).
 */
export const orderTimelineEntrySchema = z.object({
  event: z.enum(ORDER_TIMELINE_EVENTS),
  at: z.string(),
  by: z.string().nullable(),
  /** Issue 31: the shipment a `shipped` or `delivered` step is about ('SH-000001'). */
  detail: z.string().optional(),
});
export type OrderTimelineEntry = z.infer<typeof orderTimelineEntrySchema>;

/**
 * An order as the API answers it (the spec's names; `price` is the unit price in dollars). A
 * one-line order's top-level `Name`, `img`, `price`, `quantity` and `total` are that line's, as the
 * spec has them; a multi-line order's `Name` is '<first line's name> and N more', `quantity` the
 * pieces of all lines, `total` the order total, and `productId`, `img`, `price` the first line's.
 */
export const orderSchema = z.object({
  _id: z.string(),
  productId: z.string(),
  Name: z.string(),
  img: z.string(),
  price: z.number(),
  quantity: z.number().int(),
  total: z.number(),
  paid: z.boolean(),
  status: z.enum(ORDER_STATUSES),
  userEmail: z.string(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  paymentReference: z.string().nullable(),
  cardBrand: z.string().nullable(),
  cardLast4: z.string().nullable(),
  invoiceNumber: z.number().int().nullable(),
  /** Additive to the spec's fields: the short number (`formatOrderNumber`), carrier and tracking once shipped, the payment deadline while pending. */
  orderNumber: z.string(),
  carrier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  expiresAt: z.string().nullable(),
  /** Every line, in the order they were placed (issue 16). */
  lines: z.array(orderLineSchema),
  poNumber: z.string().nullable(),
  shippingAddress: shippingAddressAnswerSchema.nullable(),
  note: z.string().nullable(),
  /** Issue 18: the buyer's company when the order was placed, how it is paid, an invoice's due date, why it was rejected. */
  companyId: z.string().nullable(),
  paymentMethod: z.enum(PAYMENT_METHODS),
  dueDate: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  /** Issue 31: how an order with backordered pieces ships. */
  fulfilment: z.enum(FULFILMENTS),
  /** Issue 31: what the order's credit notes gave back, in dollars (an unpaid order on account owes that much less). */
  credited: z.number(),
  /** Issue 30: subtotal (the lines' net), shipping, tax per rate and the total to pay (`total`, the same number). */
  totals: orderTotalsSchema.optional(),
  /**
   * Issue 30: how it ships (the method as chosen, its charge in dollars, the collect account or the
   * pickup address, the estimated delivery); null for an order placed without a method.
   */
  shipping: orderShippingSchema.nullable(),
  /** Issue 29: what happened to the order and who acted, oldest first; only `GET /api/purchase/{id}` answers it. */
  timeline: z.array(orderTimelineEntrySchema).optional(),
  /** Issue 32: what a shop admin should check (a punchout line sent at another price than the shop's); only in shop admins' answers. */
  reviewNote: z.string().optional(),
});
export type Order = z.infer<typeof orderSchema>;

/** A multi-line order's top-level `Name`: '<first line's name> and N more'. */
export function multiLineOrderName(firstName: string, lineCount: number): string {
  return lineCount <= 1 ? firstName : `${firstName} and ${lineCount - 1} more`;
}

/** The purchase quantity: the spec's messages, the shop-wide range. Product limits are checked with `quantityError`. */
export const quantitySchema = z
  .number({ error: MESSAGES.quantityRequired })
  .int('Quantity must be a whole number of pieces')
  .min(ORDER_QUANTITY_MIN, MESSAGES.quantityMin)
  .max(ORDER_QUANTITY_MAX, MESSAGES.quantityMax);

/**
 * `POST /api/purchase`. Anything else the client sends (price, buyer, name) is ignored. Issue 29:
 * also the checkout's ship-to, PO number, note and payment method, each optional, so the spec's
 * clients (which send none) are answered as before; without a ship-to the order takes the buyer's last one.
 */
export const purchaseInputSchema = z.object({
  productId: z.string({ error: 'productId is required' }).min(1, 'productId is required').max(100, 'productId is not valid'),
  quantity: quantitySchema,
  shippingAddress: shippingAddressSchema.optional(),
  ...orderDetailsShape,
});
export type PurchaseInputValues = z.input<typeof purchaseInputSchema>;
export type PurchaseInput = z.output<typeof purchaseInputSchema>;

/**
 * Issue 29: an order is shipped to its ship-to, so one without cannot be shipped (409); its buyer
 * gives one (`PATCH /api/purchase/:id/shipping-address`) while it is in one of these statuses.
 */
export const SHIPPING_ADDRESS_NEEDED = 'Shipping address needed';
export const SHIP_TO_CHANGEABLE_STATUSES: readonly OrderStatus[] = ['pending', 'awaiting_approval', 'invoiced', 'paid'];

/** Whether `v` is a calendar date `YYYY-MM-DD` that exists (no 2026-02-30): the API's rule, and the web's for a date read from an address. */
export function isCalendarDate(v: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const d = new Date(`${v}T00:00:00.000Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v);
}

/** A calendar date `YYYY-MM-DD` that exists, named by its field in the message. */
const calendarDateSchema = (field: string) =>
  z
    .string({ error: `${field} must be a date (YYYY-MM-DD)` })
    .trim()
    .refine(isCalendarDate, `${field} must be a date (YYYY-MM-DD)`);

/**
 * Issue 29 (My Orders): orders placed from `from` to `to`, both calendar days (UTC) included.
 * Compared as text, `YYYY-MM-DD` strings order as the days do, so the range check needs no dates.
 */
const orderDateRangeShape = {
  from: calendarDateSchema('from').optional(),
  to: calendarDateSchema('to').optional(),
};

function checkDateRange(v: { from?: string | undefined; to?: string | undefined }, ctx: z.RefinementCtx) {
  if (v.from !== undefined && v.to !== undefined && v.from > v.to) ctx.addIssue({ code: 'custom', path: ['from'], message: 'from must be on or before to' });
}

export const orderListQuerySchema = paginationQuerySchema
  .extend({
    order: z.string().trim().max(320, 'order must be an email').optional(),
    status: z.enum(ORDER_STATUSES, { error: `status must be one of ${ORDER_STATUSES.join(', ')}` }).optional(),
    /** Matches the order number (`parseOrderNumber`), or part of the PO number, buyer email or product name. */
    q: z.string().trim().max(100, 'Search text must be at most 100 characters').optional(),
    /** Issue 18: `company=true` lists the caller's company's orders (admins and approvers: all; buyers: their own). */
    company: z.enum(['true', 'false'], { error: 'company must be true or false' }).optional(),
    /** Issue 18 (shop admins): `overdue=true` lists invoiced orders past their due date. */
    overdue: z.enum(['true', 'false'], { error: 'overdue must be true or false' }).optional(),
    /** Issue 19: orders changed at or after this instant (ISO 8601), for an ERP's incremental pulls. */
    updatedSince: z
      .string()
      .trim()
      .max(40, 'updatedSince must be an ISO 8601 date')
      .regex(/^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/, 'updatedSince must be an ISO 8601 date')
      .refine((v) => !Number.isNaN(Date.parse(v)), 'updatedSince must be an ISO 8601 date')
      .optional(),
    ...orderDateRangeShape,
  })
  .superRefine(checkDateRange);
export type OrderListQuery = z.infer<typeof orderListQuerySchema>;

/** `PATCH /api/purchase/:id`; carrier and tracking number (both optional) only with `shipped`. */
export const orderStatusChangeSchema = z
  .object({
    status: z.enum(ORDER_STATUSES, { error: `status must be one of ${ORDER_STATUSES.join(', ')}` }),
    carrier: optionalTextSchema('Carrier', CARRIER_MAX_LENGTH),
    trackingNumber: optionalTextSchema('Tracking number', TRACKING_NUMBER_MAX_LENGTH),
  })
  .superRefine((v, ctx) => {
    if (v.status === 'shipped') return;
    for (const field of ['carrier', 'trackingNumber'] as const) {
      if (v[field] !== undefined) ctx.addIssue({ code: 'custom', path: [field], message: `${field} can only be given when the status becomes shipped` });
    }
  });

/** The shipping form in Manage All Order. */
export const shipmentFormSchema = z.object({
  carrier: z.string().trim().max(CARRIER_MAX_LENGTH, `Carrier must be at most ${CARRIER_MAX_LENGTH} characters`),
  trackingNumber: z.string().trim().max(TRACKING_NUMBER_MAX_LENGTH, `Tracking number must be at most ${TRACKING_NUMBER_MAX_LENGTH} characters`),
});
export type ShipmentForm = z.infer<typeof shipmentFormSchema>;

export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_KEY_MAX_LENGTH = 100;

/** The header's value: what the database keeps (varchar(100)), printable ASCII only. */
export const idempotencyKeySchema = z
  .string()
  .trim()
  .min(1, 'Idempotency-Key must not be empty')
  .max(IDEMPOTENCY_KEY_MAX_LENGTH, `Idempotency-Key must be at most ${IDEMPOTENCY_KEY_MAX_LENGTH} characters`)
  .regex(/^[\x20-\x7e]+$/, 'Idempotency-Key must be printable ASCII');
