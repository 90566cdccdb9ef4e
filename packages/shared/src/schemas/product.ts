import { z } from 'zod';
import { PRODUCT_NAME_MAX_LENGTH, PRODUCT_PRICE_MAX_CENTS, PRODUCT_SORTS, PRODUCT_STOCK_MAX, ORDER_QUANTITY_MAX, ORDER_QUANTITY_MIN } from '../constants.js';
import { hasAtMostTwoDecimals } from '../money.js';
import { paginationQuerySchema } from './common.js';

/** A product as the API answers it (the spec's field names; `price` in dollars). */
export const productSchema = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  price: z.number(),
  minimumOrderQuantity: z.number().int(),
  availableQuantity: z.number().int(),
  img: z.string(),
  archived: z.boolean(),
});
export type Product = z.infer<typeof productSchema>;

export const productListQuerySchema = paginationQuerySchema.extend({
  q: z.string().trim().max(100, 'Search text must be at most 100 characters').optional(),
  sort: z.enum(PRODUCT_SORTS, { error: `sort must be one of ${PRODUCT_SORTS.join(', ')}` }).default('featured'),
});
export type ProductListQuery = z.infer<typeof productListQuerySchema>;

const imageUrlSchema = z
  .string({ error: 'Image is required' })
  .trim()
  .min(1, 'Image is required')
  .max(2000, 'Image URL is too long')
  .refine((v) => /^https?:\/\/[^\s]+$/i.test(v) || /^\/(uploads|images)\/[\w./-]+$/.test(v), 'Image must be an http(s) URL or an uploaded image');

/** Add Product form and `POST /api/service`. */
export const productInputSchema = z.object({
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(PRODUCT_NAME_MAX_LENGTH, `Name must be at most ${PRODUCT_NAME_MAX_LENGTH} characters`),
  description: z.string({ error: 'Description must be text' }).trim().max(2000, 'Description must be at most 2000 characters').default(''),
  price: z
    .number({ error: 'Price must be a number' })
    .positive('Price must be more than 0')
    .max(PRODUCT_PRICE_MAX_CENTS / 100, 'Price is too large')
    .refine(hasAtMostTwoDecimals, 'Price can have at most two decimals'),
  minimumOrderQuantity: z
    .number({ error: 'Minimum order quantity must be a number' })
    .int('Minimum order quantity must be a whole number')
    .min(ORDER_QUANTITY_MIN, `Minimum order quantity must be at least ${ORDER_QUANTITY_MIN}`)
    .max(ORDER_QUANTITY_MAX, `Minimum order quantity must be at most ${ORDER_QUANTITY_MAX}`),
  availableQuantity: z
    .number({ error: 'Available quantity must be a number' })
    .int('Available quantity must be a whole number')
    .min(0, 'Available quantity cannot be negative')
    .max(PRODUCT_STOCK_MAX, 'Available quantity is too large'),
  img: imageUrlSchema,
});
export type ProductInput = z.infer<typeof productInputSchema>;

/**
 * `PATCH /api/service/:id`: any subset of the fields. Setting `availableQuantity` needs
 * `expectedAvailableQuantity`, the stock the editor saw: sales made since then must not go back on
 * sale (409 when it changed). Adding or removing pieces is `POST /api/service/:id/stock`.
 */
export const productPatchSchema = productInputSchema
  .partial()
  .extend({
    archived: z.boolean({ error: 'archived must be true or false' }).optional(),
    expectedAvailableQuantity: z
      .number({ error: 'expectedAvailableQuantity must be a number' })
      .int('expectedAvailableQuantity must be a whole number')
      .min(0)
      .max(PRODUCT_STOCK_MAX)
      .optional(),
  })
  .superRefine((v, ctx) => {
    if (v.availableQuantity !== undefined && v.expectedAvailableQuantity === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['expectedAvailableQuantity'],
        message: 'expectedAvailableQuantity (the stock you saw) is required to set availableQuantity',
      });
    }
  });
export type ProductPatch = z.infer<typeof productPatchSchema>;

/** Stock adjustment: add (positive) or remove (negative) pieces. */
export const stockAdjustmentSchema = z.object({
  delta: z
    .number({ error: 'delta must be a number' })
    .int('delta must be a whole number')
    .min(-PRODUCT_STOCK_MAX)
    .max(PRODUCT_STOCK_MAX)
    .refine((v) => v !== 0, 'delta cannot be 0'),
});
