import { z } from 'zod';
import { ORDER_QUANTITY_MAX } from '../constants.js';
import { optionalTextSchema, paginationQuerySchema } from './common.js';

/**
 * Returns and credit notes (issue 31): a buyer (or their company's admin) asks to return lines of
 * a shipped order within the return window; a shop admin approves or rejects, then records what
 * arrived; receipt issues a credit note (the returned lines at their invoiced prices, the tax
 * reversed as it was charged) refunded through the payment provider or credited to the company's
 * account.
 */
export const RETURN_STATUSES = ['requested', 'approved', 'rejected', 'received', 'refunded'] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

/** The only moves a return makes. */
export const RETURN_TRANSITIONS: Record<ReturnStatus, readonly ReturnStatus[]> = {
  requested: ['approved', 'rejected'],
  approved: ['received'],
  rejected: [],
  received: ['refunded'],
  refunded: [],
};

export const RETURN_STATUS_LABELS: Record<ReturnStatus, string> = {
  requested: 'Requested',
  approved: 'Approved: send the parts back',
  rejected: 'Rejected',
  received: 'Received',
  refunded: 'Refunded',
};

/** Order statuses whose shipped pieces may be returned. */
export const RETURNABLE_ORDER_STATUSES = ['partially_shipped', 'shipped', 'delivered'] as const;

export const RETURN_REASON_MAX_LENGTH = 200;
export const RETURN_NOTE_MAX_LENGTH = 1000;
export const RETURN_LINES_MAX = 200;

export const RETURN_MESSAGES = {
  notReturnable: (status: string) => `An order that is ${status.replace('_', ' ')} has nothing shipped to return`,
  windowClosed: (days: number) => `Parts can be returned within ${days} days of their delivery; this order’s window has closed`,
  tooMany: (sku: string, left: number) => `${sku}: only ${left} shipped pieces can still be returned`,
  notInOrder: 'This product is not in the order',
  moved: (status: string) => `The return is ${status} now`,
  notAllowed: 'Only the buyer or their company’s admin may return parts of this order',
  receivedTooMany: (sku: string, asked: number) => `${sku}: at most the ${asked} pieces asked for can be received`,
  damagedTooMany: 'Damaged pieces are among the pieces received: no more than received',
  shippingCreditedAlready: 'This order’s shipping was credited on an earlier credit note',
} as const;

/** 'RMA-000007' and 'CN-000007': how people quote a return and a credit note. */
export const formatRmaNumber = (n: number) => `RMA-${String(n).padStart(6, '0')}`;
export const formatCreditNoteNumber = (n: number) => `CN-${String(n).padStart(6, '0')}`;

const pieces = (label: string, min: number) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be whole pieces`)
    .min(min, `${label} must be at least ${min}`)
    .max(ORDER_QUANTITY_MAX * 10, `${label} is too large`);

const uniqueProducts = (lines: readonly { productId: string }[]) => new Set(lines.map((l) => l.productId)).size === lines.length;

/** `POST /api/purchase/:id/returns`. */
export const returnRequestSchema = z.object({
  lines: z
    .array(
      z.object({
        productId: z.string({ error: 'productId is required' }).min(1, 'productId is required').max(100, 'productId is not valid'),
        quantity: pieces('Quantity', 1),
        reason: z
          .string({ error: 'Say why the parts go back' })
          .trim()
          .min(1, 'Say why the parts go back')
          .max(RETURN_REASON_MAX_LENGTH, `The reason must be at most ${RETURN_REASON_MAX_LENGTH} characters`),
      }),
      { error: 'lines must be a list of { productId, quantity, reason }' },
    )
    .min(1, 'Return at least one line')
    .max(RETURN_LINES_MAX, `At most ${RETURN_LINES_MAX} lines`)
    .refine(uniqueProducts, 'Name each product once'),
  note: optionalTextSchema('Note', RETURN_NOTE_MAX_LENGTH),
});
export type ReturnRequestValues = z.input<typeof returnRequestSchema>;
export type ReturnRequest = z.output<typeof returnRequestSchema>;

/** `POST /api/returns/:id/reject`. */
export const returnRejectSchema = z.object({
  reason: z
    .string({ error: 'Say why the return is rejected' })
    .trim()
    .min(1, 'Say why the return is rejected')
    .max(RETURN_REASON_MAX_LENGTH, `The reason must be at most ${RETURN_REASON_MAX_LENGTH} characters`),
});
export type ReturnReject = z.infer<typeof returnRejectSchema>;

/**
 * `POST /api/returns/:id/receive`: per line the pieces that arrived and, of those, the damaged
 * ones (not back on sale); the good ones go into `warehouse`'s stock (none: the default). A line
 * not named arrived with none. `refundShipping` also credits the order's shipping.
 */
export const returnReceiveSchema = z.object({
  lines: z
    .array(
      z
        .object({
          productId: z.string({ error: 'productId is required' }).min(1, 'productId is required').max(100, 'productId is not valid'),
          received: pieces('Received', 0),
          damaged: pieces('Damaged', 0).default(0),
          warehouse: optionalTextSchema('Warehouse', 20),
        })
        .refine((l) => l.damaged <= l.received, { path: ['damaged'], message: RETURN_MESSAGES.damagedTooMany }),
      { error: 'lines must be a list of { productId, received, damaged, warehouse? }' },
    )
    .max(RETURN_LINES_MAX, `At most ${RETURN_LINES_MAX} lines`)
    .refine(uniqueProducts, 'Name each product once'),
  refundShipping: z.boolean({ error: 'refundShipping must be true or false' }).default(false),
});
export type ReturnReceiveValues = z.input<typeof returnReceiveSchema>;
export type ReturnReceive = z.output<typeof returnReceiveSchema>;

export const returnLineSchema = z.object({
  productId: z.string(),
  sku: z.string(),
  name: z.string(),
  quantity: z.number().int(),
  reason: z.string(),
  /** Null until the return is received. */
  received: z.number().int().nullable(),
  damaged: z.number().int().nullable(),
});
export type ReturnLine = z.infer<typeof returnLineSchema>;

export const returnSchema = z.object({
  _id: z.string(),
  rmaNumber: z.string(),
  orderId: z.string(),
  orderNumber: z.string(),
  userEmail: z.string(),
  status: z.enum(RETURN_STATUSES),
  note: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  lines: z.array(returnLineSchema),
  creditNote: z.object({ _id: z.string(), number: z.string(), total: z.number() }).nullable(),
  /** A card refund the provider refused (the admin sends it again): its message. */
  refundError: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Return = z.infer<typeof returnSchema>;

/** `GET /api/returns`: pages, `?status=`, `?order=` (one order's). */
export const returnListQuerySchema = paginationQuerySchema.extend({
  status: z.enum(RETURN_STATUSES, { error: `status must be one of ${RETURN_STATUSES.join(', ')}` }).optional(),
  order: z.string().trim().max(100, 'order must be an order id').optional(),
});
export type ReturnListQuery = z.infer<typeof returnListQuerySchema>;

/** One line as it was invoiced, and what was credited of it before: what a credit note reverses from. */
export interface InvoicedLine {
  quantity: number;
  /** The line's net amount as invoiced (rounded once, as the invoice shows it). */
  lineTotalCents: number;
  /** The tax charged on the line as invoiced (issue 30 stores it per line; 0 until then). */
  taxCents: number;
  /** Pieces of the line credited by earlier credit notes. */
  creditedBefore: number;
}

/**
 * What a credit note gives back for `returning` pieces of an invoiced line: its share of the net
 * amount and of the tax, each computed on the pieces credited so far including these, less what
 * earlier notes gave (cumulative rounding): however a line is returned in parts, its notes add up
 * to exactly the line's invoiced net and tax once every piece has come back, never a cent more.
 */
export function creditForLine(line: InvoicedLine, returning: number): { netCents: number; taxCents: number } {
  // amount × pieces ÷ quantity, rounded half up, in integers only (exact below 2^53: cents × pieces).
  const q = Math.max(1, line.quantity);
  const share = (amount: number, pieces: number) => {
    const n = amount * pieces;
    const rest = n % q;
    return (n - rest) / q + (rest * 2 >= q ? 1 : 0);
  };
  const before = Math.min(line.creditedBefore, line.quantity);
  const after = Math.min(before + returning, line.quantity);
  return {
    netCents: share(line.lineTotalCents, after) - share(line.lineTotalCents, before),
    taxCents: share(line.taxCents, after) - share(line.taxCents, before),
  };
}

/**
 * The buyer's "Return parts" form (issue 31): each shipped line's pieces to send back (0 leaves it,
 * at most what shipped less what is already returned) and why; `returnRequestOf` turns it into
 * the `POST /api/purchase/:id/returns` body.
 */
export const returnRequestFormSchema = z
  .object({
    lines: z.array(
      z.object({
        productId: z.string(),
        left: z.number().int(),
        quantity: z.number({ error: 'Enter a number of pieces (0 keeps the line)' }).int('Enter whole pieces').min(0, 'Enter 0 or more pieces'),
        reason: z.string().trim().max(RETURN_REASON_MAX_LENGTH, `The reason must be at most ${RETURN_REASON_MAX_LENGTH} characters`),
      }),
    ),
    note: z.string().trim().max(RETURN_NOTE_MAX_LENGTH, `Note must be at most ${RETURN_NOTE_MAX_LENGTH} characters`),
  })
  .superRefine((v, ctx) => {
    v.lines.forEach((l, i) => {
      if (l.quantity > l.left) ctx.addIssue({ code: 'custom', path: ['lines', i, 'quantity'], message: `At most ${l.left} pieces can be returned` });
      if (l.quantity > 0 && !l.reason) ctx.addIssue({ code: 'custom', path: ['lines', i, 'reason'], message: 'Say why the parts go back' });
    });
    if (!v.lines.some((l) => l.quantity > 0)) ctx.addIssue({ code: 'custom', path: ['lines'], message: 'Return at least one piece' });
  });
export type ReturnRequestForm = z.infer<typeof returnRequestFormSchema>;

export function returnRequestOf(v: ReturnRequestForm): ReturnRequest {
  return {
    lines: v.lines.filter((l) => l.quantity > 0).map((l) => ({ productId: l.productId, quantity: l.quantity, reason: l.reason })),
    note: v.note || undefined,
  };
}

/** The admin's "Receive" form: per line what arrived and, of that, what is damaged; where the good pieces go. */
export const returnReceiveFormSchema = z
  .object({
    lines: z.array(
      z.object({
        productId: z.string(),
        asked: z.number().int(),
        received: z.number({ error: 'Enter the pieces received' }).int('Enter whole pieces').min(0, 'Enter 0 or more pieces'),
        damaged: z.number({ error: 'Enter the damaged pieces (0 for none)' }).int('Enter whole pieces').min(0, 'Enter 0 or more pieces'),
      }),
    ),
    warehouse: z.string().trim().max(20),
    refundShipping: z.boolean(),
  })
  .superRefine((v, ctx) => {
    v.lines.forEach((l, i) => {
      if (l.received > l.asked) ctx.addIssue({ code: 'custom', path: ['lines', i, 'received'], message: `At most the ${l.asked} pieces asked for` });
      if (l.damaged > l.received) ctx.addIssue({ code: 'custom', path: ['lines', i, 'damaged'], message: RETURN_MESSAGES.damagedTooMany });
    });
  });
export type ReturnReceiveForm = z.infer<typeof returnReceiveFormSchema>;

export function returnReceiveOf(v: ReturnReceiveForm): ReturnReceive {
  return {
    lines: v.lines.map((l) => ({ productId: l.productId, received: l.received, damaged: l.damaged, warehouse: v.warehouse || undefined })),
    refundShipping: v.refundShipping,
  };
}
