import { z } from 'zod';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '../constants.js';
import { E4_PER_DOLLAR, hasAtMostFourDecimals, UNIT_PRICE_MAX_DECIMALS } from '../money.js';

/**
 * A price per piece in dollars as written (a product's price, a tier, a company price, a quoted
 * price; issue 30): positive, at most 4 decimals ($0.0125). A fifth decimal is refused with the
 * field's name, never rounded away. `maxE4` is the largest in 1/10,000 dollar.
 */
export function unitPriceSchema(label: string, maxE4: number) {
  return z
    .number({ error: `${label} must be a number` })
    .positive(`${label} must be more than 0`)
    .max(maxE4 / E4_PER_DOLLAR, `${label} is too large`)
    .refine(hasAtMostFourDecimals, `${label} can have at most ${UNIT_PRICE_MAX_DECIMALS} decimals`);
}

/** `:id` route params. A malformed id is answered as not found by the routes, never as a 500. */
export const idParamsSchema = z.object({ id: z.string() });

export const paginationQuerySchema = z.object({
  page: z.coerce.number().int('page must be a whole number').min(1, 'page must be at least 1').max(1_000_000).default(1),
  limit: z.coerce
    .number()
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(PAGE_SIZE_MAX, `limit must be at most ${PAGE_SIZE_MAX}`)
    .default(PAGE_SIZE_DEFAULT),
});
export type PaginationQuery = z.infer<typeof paginationQuerySchema>;

/**
 * One line of a request that names many (a bulk cart add, a checkout): `index` is its position in
 * the request's `lines` (bulk add), `productId` the product (checkout, reorder).
 */
export const errorLineSchema = z.object({
  index: z.number().int().optional(),
  productId: z.string().optional(),
  sku: z.string(),
  message: z.string(),
  /** Issue 33: a bulk add's line names the cell at fault, so a grid marks the right one. */
  field: z.enum(['sku', 'quantity']).optional(),
});
export type ErrorLine = z.infer<typeof errorLineSchema>;

/** The JSON body of every 4xx/5xx answer; `lines` names each bad line of a many-line request. */
export const apiErrorSchema = z.object({
  error: z.string(),
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
  lines: z.array(errorLineSchema).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/** Optional free text: trimmed, at most `max` characters, and '' read as not given. */
export const optionalTextSchema = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .optional()
    .transform((v) => (v === '' ? undefined : v));
