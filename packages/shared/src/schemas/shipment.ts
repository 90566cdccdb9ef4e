import { z } from 'zod';
import { ORDER_QUANTITY_MAX } from '../constants.js';
import { CARRIER_MAX_LENGTH, SHIPPABLE_STATUSES, TRACKING_NUMBER_MAX_LENGTH, type OrderStatus } from './order.js';
import type { PaymentMethod } from './company.js';
import { optionalTextSchema } from './common.js';

/**
 * Shipments (issue 31): an order leaves in one or more shipments, each from one warehouse, with
 * its own carrier, tracking number and packing slip. A line cannot ship more than was ordered,
 * less what is backordered and what already shipped.
 */

/** 'SH-000042': a shipment's number as people quote it. */
export function formatShipmentNumber(n: number): string {
  return `SH-${String(n).padStart(6, '0')}`;
}

/** Lines one shipment may carry (an order has at most as many lines as a cart). */
export const SHIPMENT_LINES_MAX = 200;
export const CARRIERS_MAX = 30;
export const CARRIER_CODE_MAX_LENGTH = 20;
export const TRACKING_TEMPLATE_MAX_LENGTH = 500;
/** The placeholder a carrier's tracking URL template carries, replaced by the shipment's tracking number. */
export const TRACKING_PLACEHOLDER = '{tracking}';

export const SHIPMENT_MESSAGES = {
  /** A card order ships once it is paid; an order on account ships before (issue 31). */
  notPaid: 'A card order ships once it is paid',
  notShippable: (status: string) => `An order that is ${status.replace('_', ' ')} cannot ship`,
  tooMany: (sku: string, left: number) => `${sku}: only ${left} pieces are left to ship`,
  notInOrder: 'This product is not in the order',
  nothingLeft: 'Every piece of this order has shipped',
  alreadyDelivered: 'This shipment is already delivered',
  changedMeanwhile: 'The order changed meanwhile; nothing was shipped, look at it again',
  /** Issue 31: backordered pieces ship once stock arrives for them. */
  waiting: (pieces: number) => `The ${pieces} pieces left are backordered: they ship once stock arrives for them`,
  shipsComplete: (pieces: number) => `This order ships complete: ${pieces} pieces are still backordered`,
} as const;

/** `POST /api/purchase/:id/shipments`: the pieces of each line that leave now, from one warehouse. */
export const shipmentInputSchema = z.object({
  lines: z
    .array(
      z.object({
        productId: z.string({ error: 'productId is required' }).min(1, 'productId is required').max(100, 'productId is not valid'),
        quantity: z
          .number({ error: 'Quantity must be a number' })
          .int('Quantity must be a whole number of pieces')
          .min(1, 'Quantity must be at least 1')
          .max(ORDER_QUANTITY_MAX * 10, 'Quantity is too large'),
      }),
      { error: 'lines must be a list of { productId, quantity }' },
    )
    .min(1, 'Ship at least one line')
    .max(SHIPMENT_LINES_MAX, `At most ${SHIPMENT_LINES_MAX} lines per shipment`)
    .refine((lines) => new Set(lines.map((l) => l.productId)).size === lines.length, 'Name each product once'),
  carrier: optionalTextSchema('Carrier', CARRIER_MAX_LENGTH),
  trackingNumber: optionalTextSchema('Tracking number', TRACKING_NUMBER_MAX_LENGTH),
  /** The warehouse's code; without it, the default warehouse. */
  warehouse: optionalTextSchema('Warehouse', 20),
});
export type ShipmentInputValues = z.input<typeof shipmentInputSchema>;
export type ShipmentInput = z.output<typeof shipmentInputSchema>;

export const shipmentLineSchema = z.object({ productId: z.string(), sku: z.string(), name: z.string(), quantity: z.number().int() });
export type ShipmentLine = z.infer<typeof shipmentLineSchema>;

export const shipmentSchema = z.object({
  _id: z.string(),
  shipmentNumber: z.string(),
  orderId: z.string(),
  lines: z.array(shipmentLineSchema),
  carrier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  /** The carrier's tracking page for this shipment, from its admin-edited template; null without a known carrier or a number. */
  trackingUrl: z.string().nullable(),
  /** The code of the warehouse it left from. */
  warehouse: z.string(),
  shippedAt: z.string(),
  deliveredAt: z.string().nullable(),
});
export type Shipment = z.infer<typeof shipmentSchema>;

const trackingTemplateSchema = z
  .string({ error: 'Tracking URL must be text' })
  .trim()
  .max(TRACKING_TEMPLATE_MAX_LENGTH, `Tracking URL must be at most ${TRACKING_TEMPLATE_MAX_LENGTH} characters`)
  .refine((v) => /^https?:\/\/[^\s]+$/i.test(v), 'Tracking URL must be an http or https URL')
  .refine((v) => v.includes(TRACKING_PLACEHOLDER), `Tracking URL must contain ${TRACKING_PLACEHOLDER} where the tracking number goes`);

export const carrierSchema = z.object({
  code: z
    .string({ error: 'Code is required' })
    .trim()
    .min(1, 'Code is required')
    .max(CARRIER_CODE_MAX_LENGTH, `Code must be at most ${CARRIER_CODE_MAX_LENGTH} characters`)
    .regex(/^[A-Za-z0-9-]+$/, 'Code must be letters, digits and hyphens'),
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(CARRIER_MAX_LENGTH, `Name must be at most ${CARRIER_MAX_LENGTH} characters`),
  trackingUrlTemplate: trackingTemplateSchema,
});
export type Carrier = z.infer<typeof carrierSchema>;

/** `PUT /api/carriers` (shop admins): the whole list, replaced; codes and names each once. */
export const carriersInputSchema = z.object({
  carriers: z
    .array(carrierSchema, { error: 'carriers must be a list of { code, name, trackingUrlTemplate }' })
    .max(CARRIERS_MAX, `At most ${CARRIERS_MAX} carriers`)
    .superRefine((list, ctx) => {
      for (const field of ['code', 'name'] as const) {
        const seen = new Set<string>();
        list.forEach((c, i) => {
          const key = c[field].toLowerCase();
          if (seen.has(key)) ctx.addIssue({ code: 'custom', path: [i, field], message: `Each carrier’s ${field} once` });
          seen.add(key);
        });
      }
    }),
});
export type CarriersInputValues = z.input<typeof carriersInputSchema>;
export type CarriersInput = z.output<typeof carriersInputSchema>;

/**
 * The tracking link of a shipment: the template of the carrier named (by code or name, any case)
 * with `{tracking}` replaced by the URL-encoded number; null when either is unknown.
 */
export function trackingUrlFor(carriers: readonly Carrier[], carrier: string | null, trackingNumber: string | null): string | null {
  if (!carrier || !trackingNumber) return null;
  const wanted = carrier.trim().toLowerCase();
  const found = carriers.find((c) => c.code.toLowerCase() === wanted || c.name.toLowerCase() === wanted);
  return found ? found.trackingUrlTemplate.split(TRACKING_PLACEHOLDER).join(encodeURIComponent(trackingNumber)) : null;
}

/**
 * Where an order stands once it ships (issue 31): `shipped` when every piece of every line has
 * shipped, `partially_shipped` when some have, and `delivered` when it has shipped whole and every
 * shipment is delivered. Null: nothing has shipped yet (the status stays what payment made it).
 */
export function fulfilmentStatusOf(
  lines: readonly { quantity: number; shipped: number }[],
  shipments: readonly { delivered: boolean }[],
): 'partially_shipped' | 'shipped' | 'delivered' | null {
  const shipped = lines.reduce((n, l) => n + l.shipped, 0);
  if (shipped === 0) return null;
  if (lines.some((l) => l.shipped < l.quantity)) return 'partially_shipped';
  return shipments.length > 0 && shipments.every((s) => s.delivered) ? 'delivered' : 'shipped';
}

/**
 * Why an order cannot ship now, or null when it can (issue 31): a card order ships once paid, an
 * order on account (`invoiced`) at once, a partly shipped order until every piece has left.
 */
export function shipRefusal(status: OrderStatus, paymentMethod: PaymentMethod): string | null {
  if (SHIPPABLE_STATUSES.includes(status)) return null;
  if (status === 'pending' && paymentMethod === 'card') return SHIPMENT_MESSAGES.notPaid;
  if (status === 'shipped' || status === 'delivered') return SHIPMENT_MESSAGES.nothingLeft;
  return SHIPMENT_MESSAGES.notShippable(status);
}

/**
 * The admin's "Ship lines" form (issue 31): each line's pieces to ship now (0 leaves it), at most
 * what is left of it; then the same warehouse, carrier and tracking number as the API takes.
 * `shipmentInputOf` turns it into the `POST /api/purchase/:id/shipments` body.
 */
export const shipLinesFormSchema = z
  .object({
    lines: z.array(
      z.object({
        productId: z.string(),
        left: z.number().int(),
        quantity: z.number({ error: 'Enter a number of pieces (0 leaves the line)' }).int('Enter whole pieces').min(0, 'Enter 0 or more pieces'),
      }),
    ),
    warehouse: z.string().trim().max(20),
    carrier: z.string().trim().max(CARRIER_MAX_LENGTH, `Carrier must be at most ${CARRIER_MAX_LENGTH} characters`),
    trackingNumber: z.string().trim().max(TRACKING_NUMBER_MAX_LENGTH, `Tracking number must be at most ${TRACKING_NUMBER_MAX_LENGTH} characters`),
  })
  .superRefine((v, ctx) => {
    v.lines.forEach((l, i) => {
      if (l.quantity > l.left) ctx.addIssue({ code: 'custom', path: ['lines', i, 'quantity'], message: `At most ${l.left} pieces are left to ship` });
    });
    if (!v.lines.some((l) => l.quantity > 0)) ctx.addIssue({ code: 'custom', path: ['lines'], message: 'Ship at least one piece' });
  });
export type ShipLinesForm = z.infer<typeof shipLinesFormSchema>;

export function shipmentInputOf(v: ShipLinesForm): ShipmentInput {
  return {
    lines: v.lines.filter((l) => l.quantity > 0).map((l) => ({ productId: l.productId, quantity: l.quantity })),
    carrier: v.carrier || undefined,
    trackingNumber: v.trackingNumber || undefined,
    warehouse: v.warehouse || undefined,
  };
}
