import { z } from 'zod';

/**
 * Outgoing signed webhooks (issue 19, ADR 0022): the shop POSTs `{ type, timestamp, data }` to an
 * integrator's URL when one of these happens, signed per Standard Webhooks (`webhook-id`,
 * `webhook-timestamp`, `webhook-signature`).
 */
export const WEBHOOK_EVENTS = [
  'order.placed',
  'order.paid',
  'order.shipped',
  'order.cancelled',
  'order.refunded',
  'product.low_stock',
  'quote.requested',
  // Issue 31: shipments, returns and credit notes.
  'order.shipment_created',
  'return.requested',
  'return.received',
  'credit_note.created',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** What each event means (the dashboard's checkboxes, the README). */
export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  'order.placed': 'An order was placed',
  'order.paid': 'An order was paid',
  'order.shipped': 'An order was shipped',
  'order.cancelled': 'An order was cancelled',
  'order.refunded': 'An order was refunded',
  'product.low_stock': 'A stock take left a product below the low-stock threshold',
  'quote.requested': 'A quote was requested',
  'order.shipment_created': 'Pieces of an order left in a shipment',
  'return.requested': 'A buyer asked to return parts',
  'return.received': 'Returned parts arrived',
  'credit_note.created': 'A credit note was issued',
};

export const WEBHOOK_URL_MAX_LENGTH = 2000;
/** Every signing secret starts with this (the Standard Webhooks convention). */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export const WEBHOOK_MESSAGES = {
  secretShownOnce: 'Copy this signing secret now: it is shown only once and cannot be read again.',
  urlInvalid: 'url must be an http or https URL',
  urlPrivate: 'url must not point to a private, loopback, reserved or documentation address, nor to the shop’s own host',
} as const;

export const webhookUrlSchema = z
  .string({ error: 'url must be text' })
  .trim()
  .min(1, 'url is required')
  .max(WEBHOOK_URL_MAX_LENGTH, `url must be at most ${WEBHOOK_URL_MAX_LENGTH} characters`)
  .pipe(z.url({ protocol: /^https?$/, error: WEBHOOK_MESSAGES.urlInvalid }));

export const webhookEventSchema = z.enum(WEBHOOK_EVENTS, { error: `event must be one of ${WEBHOOK_EVENTS.join(', ')}` });

const webhookEventsSchema = z
  .array(webhookEventSchema, { error: 'events must be a list of events' })
  .min(1, 'Choose at least one event')
  .max(WEBHOOK_EVENTS.length, 'Each event at most once')
  .refine((list) => new Set(list).size === list.length, 'Each event at most once');

/** `POST /api/webhooks`. */
export const webhookCreateSchema = z.object({ url: webhookUrlSchema, events: webhookEventsSchema });
export type WebhookCreateValues = z.input<typeof webhookCreateSchema>;
export type WebhookCreate = z.output<typeof webhookCreateSchema>;

/** `PATCH /api/webhooks/:id`: any of the fields; an empty body changes nothing. */
export const webhookUpdateSchema = z.object({
  url: webhookUrlSchema.optional(),
  events: webhookEventsSchema.optional(),
  active: z.boolean({ error: 'active must be true or false' }).optional(),
});
export type WebhookUpdate = z.output<typeof webhookUpdateSchema>;

/** An endpoint as listed: never its secret. */
export const webhookSchema = z.object({
  _id: z.string(),
  url: z.string(),
  events: z.array(webhookEventSchema),
  active: z.boolean(),
  createdAt: z.string(),
});
export type Webhook = z.infer<typeof webhookSchema>;

/** The answer to `POST /api/webhooks`: the only time the signing secret (`whsec_…`) is shown. */
export const webhookCreatedSchema = webhookSchema.extend({ secret: z.string() });
export type WebhookCreated = z.infer<typeof webhookCreatedSchema>;

/** One event sent (or to be sent) to one endpoint; retries keep its `_id` (the `webhook-id`). */
export const webhookDeliverySchema = z.object({
  _id: z.string(),
  event: webhookEventSchema,
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  lastStatusCode: z.number().int().nullable(),
  lastDurationMs: z.number().int().nullable(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

/** `:id/deliveries/:deliveryId` route params. */
export const webhookDeliveryParamsSchema = z.object({ id: z.string(), deliveryId: z.string() });
