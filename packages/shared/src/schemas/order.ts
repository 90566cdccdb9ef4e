import { z } from 'zod';
import { ORDER_QUANTITY_MAX, ORDER_QUANTITY_MIN } from '../constants.js';
import { MESSAGES } from '../messages.js';
import { paginationQuerySchema } from './common.js';

export const ORDER_STATUSES = ['pending', 'paid', 'shipped', 'delivered', 'cancelled', 'refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** The order lifecycle. The only place the allowed moves are written down. */
export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  pending: ['paid', 'cancelled'],
  paid: ['shipped', 'refunded'],
  shipped: ['delivered'],
  delivered: [],
  cancelled: [],
  refunded: [],
};

export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS[from].includes(to);
}

/** An order as the API answers it (the spec's names; `price` is the unit price in dollars). */
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
});
export type Order = z.infer<typeof orderSchema>;

/** The purchase quantity: the spec's messages, the shop-wide range. Product limits are checked with `quantityError`. */
export const quantitySchema = z
  .number({ error: MESSAGES.quantityRequired })
  .int('Quantity must be a whole number of pieces')
  .min(ORDER_QUANTITY_MIN, MESSAGES.quantityMin)
  .max(ORDER_QUANTITY_MAX, MESSAGES.quantityMax);

/** `POST /api/purchase`. Anything else the client sends (price, buyer, name) is ignored. */
export const purchaseInputSchema = z.object({
  productId: z.string({ error: 'productId is required' }).min(1, 'productId is required').max(100, 'productId is not valid'),
  quantity: quantitySchema,
});
export type PurchaseInput = z.infer<typeof purchaseInputSchema>;

/** Purchase form: the quantity is the only field a buyer types. */
export const purchaseFormSchema = z.object({ quantity: quantitySchema });
export type PurchaseForm = z.infer<typeof purchaseFormSchema>;

export const orderListQuerySchema = paginationQuerySchema.extend({
  order: z.string().trim().max(320, 'order must be an email').optional(),
  status: z.enum(ORDER_STATUSES, { error: `status must be one of ${ORDER_STATUSES.join(', ')}` }).optional(),
  q: z.string().trim().max(100, 'Search text must be at most 100 characters').optional(),
});
export type OrderListQuery = z.infer<typeof orderListQuerySchema>;

export const orderStatusChangeSchema = z.object({
  status: z.enum(ORDER_STATUSES, { error: `status must be one of ${ORDER_STATUSES.join(', ')}` }),
});
export type OrderStatusChange = z.infer<typeof orderStatusChangeSchema>;

export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
