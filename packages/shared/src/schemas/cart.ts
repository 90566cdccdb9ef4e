import { z } from 'zod';
import { TAX_CLASSES } from '../tax.js';
import { formatQuantity } from '../availability.js';
import { shippingAddressSchema } from './address.js';
import { apiErrorSchema } from './common.js';
import { pricedLineSchema, quantitySchema } from './order.js';
import { orderDetailsShape } from './order-details.js';

/** Distinct products one cart holds. */
export const CART_LINES_MAX = 200;
/** Lines one bulk add (quick order pad, CSV upload) may send. */
export const CART_BULK_LINES_MAX = 500;

export const CART_MESSAGES = {
  unknownSku: 'No product has this SKU',
  cartFull: `A cart holds at most ${CART_LINES_MAX} lines`,
  cartEmpty: 'Your cart is empty',
  badLines: 'Some lines cannot be added; nothing was added',
  cannotCheckout: 'Some lines cannot be ordered as they are; nothing was ordered',
  /** Issue 28: another checkout of the same cart made its order first (the 409 names that order). */
  alreadyOrdered: 'This cart has already been ordered',
  /** Issue 28: a line was added, changed or removed while the cart was being checked out; nothing was ordered. */
  cartChanged: 'Your cart changed while it was being ordered; check it and order again',
} as const;

/** One cart line as answered: live name, image and price of the product; `problem` is what would stop checkout now. */
export const cartLineSchema = pricedLineSchema.extend({
  minimumOrderQuantity: z.number().int(),
  availableQuantity: z.number().int(),
  /** The product's pack multiple (1 for none), so a cart steps by it (issue 17). */
  orderMultiple: z.number().int(),
  /** The product's quantity breaks in dollars, so a cart shows the tiers and the next one. */
  priceTiers: z.array(z.object({ minQuantity: z.number().int(), price: z.number() })),
  problem: z.string().nullable(),
  /** Issue 31: the product's backorder settings, so the cart says what ships now and by when (shared `lineAvailability`). */
  backorder: z.object({ allowed: z.boolean(), leadTimeDays: z.number().int().nullable(), nextRestockDate: z.string().nullable() }),
  /** Issue 33: kilograms per piece, for the cart's weight (shared `cartWeight`); null while the product has none. */
  weightKg: z.number().nullable(),
  /** Issue 30: the product's tax class, so the checkout shows the tax the order will have (shared `planOrder`). */
  taxClass: z.enum(TAX_CLASSES).optional(),
});
export type CartLine = z.infer<typeof cartLineSchema>;

/** `GET /api/cart` and every cart write. `count` is the number of lines; `subtotal` in dollars. */
export const cartSchema = z.object({
  lines: z.array(cartLineSchema),
  subtotal: z.number(),
  count: z.number().int(),
});
export type Cart = z.infer<typeof cartSchema>;

/** How 'Buy again' treats a cart that already has lines (issue 29). */
export const REORDER_MODES = ['add', 'replace'] as const;
export type ReorderMode = (typeof REORDER_MODES)[number];

/**
 * `POST /api/purchase/:id/reorder`'s optional body (issue 29). `mode`: 'add' (the default, and all
 * a body-less request from an older client gets) adds the order's pieces to what the cart holds;
 * 'replace' makes the cart exactly the order's lines, in the same locked unit as the add.
 */
export const reorderInputSchema = z.object({
  mode: z.enum(REORDER_MODES, { error: "mode must be 'add' or 'replace'" }).default('add'),
});
export type ReorderInputValues = z.input<typeof reorderInputSchema>;
export type ReorderInput = z.output<typeof reorderInputSchema>;

/** One of the order's lines named in a reorder's answer, with a reason a buyer can read. */
const reorderLineNoteSchema = z.object({
  productId: z.string(),
  sku: z.string(),
  name: z.string().describe("The product's name as the order recorded it"),
  message: z.string().describe("Why, in the buyer's words: 'This product is no longer available', 'Only 40 left in stock', …"),
});
export type ReorderLineNote = z.infer<typeof reorderLineNoteSchema>;

/** A reordered line that reached the most one line may hold (1000, down to the pack multiple). */
export const reorderCappedMessage = (cap: number) => `Only ${formatQuantity(cap)} fit in one cart line; the rest was not added`;

/** `POST /api/purchase/:id/reorder`: the cart after the reorder, and what became of the order's lines. */
export const reorderResultSchema = cartSchema.extend({
  // Described for the OpenAPI document, which is generated from this schema.
  added: z.number().int().describe("How many of the order's products were put in the cart"),
  skipped: z
    .array(reorderLineNoteSchema)
    .describe("The order's lines not put in the cart at all: their product no longer exists. When none could be, the cart is left as it was"),
  needsAttention: z
    .array(reorderLineNoteSchema)
    .describe(
      "The order's lines put in the cart that cannot be ordered as they are now (the line's `problem`: an archived product, short stock, a higher minimum, a pack multiple), or that hold fewer pieces than the order because one line holds at most 1000 (down to the pack multiple)",
    ),
});
export type ReorderResult = z.infer<typeof reorderResultSchema>;

/** `PUT /api/cart/lines/:productId`. */
export const cartLineInputSchema = z.object({ quantity: quantitySchema });
export type CartLineInput = z.infer<typeof cartLineInputSchema>;

export const cartLineParamsSchema = z.object({ productId: z.string().max(100, 'productId is not valid') });

/**
 * `POST /api/cart/lines`: the quick order pad and the CSV upload. Each line's SKU and quantity are
 * checked by the server against the catalogue, all or nothing, and a bad one is named by its
 * `index` in the answer's `lines`; so here a line only has to be the right shape.
 */
export const cartBulkAddSchema = z.object({
  lines: z
    .array(
      z.object({
        sku: z.string({ error: 'sku must be text' }).max(100, 'sku must be at most 100 characters'),
        quantity: z.unknown(),
      }),
      { error: 'lines must be a list of { sku, quantity }' },
    )
    .min(1, 'Add at least one line')
    .max(CART_BULK_LINES_MAX, `At most ${CART_BULK_LINES_MAX} lines at once`),
});
export type CartBulkAdd = z.infer<typeof cartBulkAddSchema>;

/** `POST /api/cart/checkout`. */
export const checkoutInputSchema = z.object({
  poNumber: orderDetailsShape.poNumber,
  shippingAddress: shippingAddressSchema,
  note: orderDetailsShape.note,
  paymentMethod: orderDetailsShape.paymentMethod,
  /** Issue 31: how an order with backordered pieces ships. */
  fulfilment: orderDetailsShape.fulfilment,
  /** Issue 30: the shipping method chosen (and a collect method's carrier account); none: the cheapest offered. */
  shippingMethod: orderDetailsShape.shippingMethod,
  carrierAccount: orderDetailsShape.carrierAccount,
});
export type CheckoutInputValues = z.input<typeof checkoutInputSchema>;
export type CheckoutInput = z.output<typeof checkoutInputSchema>;

/**
 * `POST /api/cart/checkout`'s 409 when another checkout already made this cart an order (issue 28):
 * the one error shape (`error: 'CART_ALREADY_ORDERED'`, `message` {@link CART_MESSAGES.alreadyOrdered})
 * plus that order's id and number. The route's other 409s (short stock, credit limit) are plain `ApiError`.
 */
export const cartAlreadyOrderedSchema = apiErrorSchema.extend({
  orderId: z.string(),
  /** As orders show it, e.g. 'BP-000123'. */
  orderNumber: z.string(),
});
export type CartAlreadyOrdered = z.infer<typeof cartAlreadyOrderedSchema>;

/**
 * `POST /api/cart/lines/preview` (issue 33): what the quick order grid shows beside each row before
 * anything is added: the product the SKU names, its price per piece for the row's quantity (the
 * caller's own prices), and the problem the add would refuse the row for, by the product's own rule
 * (unknown SKU, archived, under its minimum, off its pack multiple, over its stock, past 1000 with
 * what the cart holds). Nothing is written; the add checks every line again when it writes.
 */
export const cartLinePreviewSchema = z.object({
  index: z.number().int().describe("The line's position in the request's `lines`"),
  sku: z.string(),
  productId: z.string().nullable(),
  name: z.string().nullable(),
  quantity: z.number().int().nullable().describe('The pieces asked for, when they are a whole number'),
  unitPrice: z.number().nullable().describe("Dollars per piece for this line's quantity, in the caller's prices"),
  lineTotal: z.number().nullable(),
  problem: z.string().nullable().describe('Why the add would refuse this line; null when it can be added'),
  field: z.enum(['sku', 'quantity']).nullable().describe('Which of the two the problem is about'),
});
export type CartLinePreview = z.infer<typeof cartLinePreviewSchema>;

export const cartPreviewSchema = z.object({
  lines: z.array(cartLinePreviewSchema),
  /** Dollars: the lines that can be added. */
  subtotal: z.number(),
  /** How many lines have a problem. */
  problems: z.number().int(),
});
export type CartPreview = z.infer<typeof cartPreviewSchema>;
