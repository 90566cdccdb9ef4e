import { z } from 'zod';
import { weightKgSchema } from './shipping.js';
import { TAX_CLASSES } from '../tax.js';
import {
  ATTRIBUTE_NAME_MAX_LENGTH,
  ATTRIBUTE_VALUE_MAX_LENGTH,
  ATTRIBUTES_MAX,
  BRAND_MAX_LENGTH,
  CATEGORY_SLUG_MAX_LENGTH,
  CATEGORY_SLUG_PATTERN,
  PRODUCT_IMAGES_MAX,
  skuProblem,
  normalizeSku,
  UNSPSC_PATTERN,
} from '../catalog.js';
import { PRODUCT_NAME_MAX_LENGTH, PRODUCT_PRICE_MAX_E4, PRODUCT_STOCK_MAX, ORDER_QUANTITY_MAX, ORDER_QUANTITY_MIN } from '../constants.js';
import { E4_PER_DOLLAR, e4ToDollars } from '../money.js';
import { unitPriceSchema } from './common.js';
import { PRICE_TIER_MIN_QUANTITY_MAX, PRICE_TIERS_MAX, priceTiersProblem, type PriceTier } from '../pricing.js';
import { smallestOrder } from '../quantity.js';
import { BACKORDER_LEAD_TIME_MAX_DAYS } from '../backorder.js';
import { isCalendarDate } from './order.js';
import { productDocumentSchema } from './document.js';

/**
 * A product as the API answers it: the spec's field names (`price` in dollars, `img` the main
 * image) plus the parts-catalogue fields. `images[0]` is always `img`.
 */
export const productSchema = z.object({
  _id: z.string(),
  sku: z.string(),
  name: z.string(),
  description: z.string(),
  brand: z.string(),
  category: z.string().nullable(),
  attributes: z.record(z.string(), z.string()),
  price: z.number(),
  minimumOrderQuantity: z.number().int(),
  availableQuantity: z.number().int(),
  img: z.string(),
  images: z.array(z.string()),
  archived: z.boolean(),
  /** Quantity breaks (issue 17): from `minQuantity` pieces every piece of the line costs `price` dollars. */
  priceTiers: z.array(z.object({ minQuantity: z.number().int(), price: z.number() })),
  /** Pack multiple: a line's quantity must be a multiple of it (1 for none). */
  orderMultiple: z.number().int(),
  /**
   * Issue 18: present only when `price` and `priceTiers` are a company member's own prices
   * (`asSeenBy`); the catalogue's list price in dollars, to show what the member saves.
   */
  listPrice: z.number().optional(),
  /**
   * Issue 19: the product's own low-stock alert (`product.low_stock` webhook) in pieces; null
   * follows the shop-wide WEBHOOK_LOW_STOCK_THRESHOLD, 0 never alerts.
   */
  lowStockThreshold: z.number().int().nullable(),
  /**
   * Issue 31: whether an order beyond the stock is taken with the rest backordered, and what its
   * promised dispatch follows: the next restock day, else today plus the lead time.
   */
  backorder: z.object({ allowed: z.boolean(), leadTimeDays: z.number().int().nullable(), nextRestockDate: z.string().nullable() }),
  /**
   * Issue 32: the product's UNSPSC commodity code (8 digits), or null; a punchout cart sends it as
   * the line's `Classification domain="UNSPSC"` (cXML) or `NEW_ITEM-MATGROUP` (OCI).
   */
  unspsc: z.string().nullable(),
  /** Issue 30: kilograms per piece (up to 3 decimals), null when not given; shipping bands read it. */
  weightKg: z.number().nullable(),
  /** Issue 30: how the product is taxed (`standard` unless set). */
  taxClass: z.enum(TAX_CLASSES).optional(),
  /** Issue 33: its datasheets, certificates and drawings the caller may see; only `GET /api/service/{id}` answers it. */
  documents: z.array(productDocumentSchema).optional(),
});
export type Product = z.infer<typeof productSchema>;

/**
 * Issue 31: a product's backorder settings as written (`POST`/`PATCH /api/service`, the form, CSV).
 * A lead time and a restock day are kept without `allowed` too (they say nothing until it is on).
 */
export const backorderInputSchema = z.object({
  allowed: z.boolean({ error: 'backorder.allowed must be true or false' }),
  leadTimeDays: z
    .number({ error: 'Lead time must be a number of days, or empty' })
    .int('Lead time must be whole days')
    .min(0, 'Lead time cannot be negative')
    .max(BACKORDER_LEAD_TIME_MAX_DAYS, `Lead time must be at most ${BACKORDER_LEAD_TIME_MAX_DAYS} days`)
    .nullable()
    .default(null),
  nextRestockDate: z
    .string({ error: 'Next restock date must be a date (YYYY-MM-DD), or empty' })
    .trim()
    .refine(isCalendarDate, 'Next restock date must be a date (YYYY-MM-DD)')
    .nullable()
    .default(null),
});
export type BackorderInput = z.output<typeof backorderInputSchema>;

/** The pricing fields of a product as the API answers them, in cents for `unitPriceFor` (zod-free, in pricing.ts). */
export { pricedProduct } from '../pricing.js';

const tierPriceSchema = unitPriceSchema('Tier price', PRODUCT_PRICE_MAX_E4);

/**
 * `priceTiers` as written: `[{ minQuantity, price }]`, price in dollars. The order and the prices
 * against each other are checked by `priceTiersProblem` (here, and by the server against the
 * stored list price when only the tiers change).
 */
export const priceTiersSchema = z
  .array(
    z.object({
      minQuantity: z
        .number({ error: 'Tier quantity must be a number' })
        .int('Tier quantity must be a whole number')
        .min(2, 'Tier quantity must be at least 2')
        .max(PRICE_TIER_MIN_QUANTITY_MAX, `Tier quantity must be at most ${PRICE_TIER_MIN_QUANTITY_MAX}`),
      price: tierPriceSchema,
    }),
    { error: 'priceTiers must be a list of { minQuantity, price }' },
  )
  .max(PRICE_TIERS_MAX, `At most ${PRICE_TIERS_MAX} price tiers`);

/** Tiers in 1/10,000 dollar, as `unitPriceFor` and the database keep them. */
export function tiersToE4(tiers: readonly { minQuantity: number; price: number }[]): PriceTier[] {
  return tiers.map((t) => ({ minQuantity: t.minQuantity, priceE4: Math.round(t.price * E4_PER_DOLLAR) }));
}

/** Tiers in dollars, as the API answers them. */
export function tiersToDollars(tiers: readonly PriceTier[]): { minQuantity: number; price: number }[] {
  return tiers.map((t) => ({ minQuantity: t.minQuantity, price: e4ToDollars(t.priceE4) }));
}

export const orderMultipleSchema = z
  .number({ error: 'Order multiple must be a number' })
  .int('Order multiple must be a whole number')
  .min(1, 'Order multiple must be at least 1')
  .max(ORDER_QUANTITY_MAX, `Order multiple must be at most ${ORDER_QUANTITY_MAX}`);

/**
 * Issue 19: a stock take that leaves fewer pieces than this sends `product.low_stock`. null (or
 * left out when creating) follows the shop-wide setting; 0 turns the alert off for the product.
 */
export const lowStockThresholdSchema = z
  .number({ error: 'Low-stock threshold must be a number, or empty (null) for the shop-wide setting' })
  .int('Low-stock threshold must be a whole number')
  .min(0, 'Low-stock threshold cannot be negative (0 turns the alert off)')
  .max(PRODUCT_STOCK_MAX, 'Low-stock threshold is too large')
  .nullable();

/**
 * Issue 32: a UNSPSC commodity code, 8 digits (segment, family, class, commodity: `31161600` is
 * bolts). '' and null clear it. Procurement systems file a punchout line under it.
 */
/** Issue 30: a product's tax class. */
export const taxClassSchema = z.enum(TAX_CLASSES, { error: `taxClass must be one of ${TAX_CLASSES.join(', ')}` });

export const unspscSchema = z
  .string({ error: 'UNSPSC must be an 8-digit code, or empty for none' })
  .trim()
  .refine((v) => v === '' || UNSPSC_PATTERN.test(v), 'UNSPSC must be an 8-digit code (for example 31161600), or empty for none')
  .transform((v) => (v === '' ? null : v))
  .nullable();

/**
 * The checks across pricing and quantity fields, for a product as it will be stored: the tiers
 * against the list price (`priceTiers`), and a smallest order (minimum rounded up to the multiple)
 * that still fits the shop's 1000-piece line (`orderMultiple`). Answers field → message.
 */
export function productRulesProblems(p: {
  price: number;
  priceTiers: readonly { minQuantity: number; price: number }[];
  minimumOrderQuantity: number;
  orderMultiple: number;
}): Record<string, string> {
  const problems: Record<string, string> = {};
  const tiers = priceTiersProblem(tiersToE4(p.priceTiers), Math.round(p.price * E4_PER_DOLLAR));
  if (tiers) problems.priceTiers = tiers;
  if (smallestOrder(p) > ORDER_QUANTITY_MAX) {
    problems.orderMultiple = `With a minimum of ${p.minimumOrderQuantity}, a multiple of ${p.orderMultiple} makes the smallest order more than ${ORDER_QUANTITY_MAX} pieces`;
  }
  return problems;
}

export const imageUrlSchema = z
  .string({ error: 'Image is required' })
  .trim()
  .min(1, 'Image is required')
  .max(2000, 'Image URL is too long')
  .refine((v) => /^https?:\/\/[^\s]+$/i.test(v) || /^\/(uploads|images)\/[\w./-]+$/.test(v), 'Image must be an http(s) URL or an uploaded image');

export const skuSchema = z
  .string({ error: 'SKU is required' })
  .superRefine((v, ctx) => {
    const problem = skuProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .transform(normalizeSku);

export const categorySlugSchema = z
  .string({ error: 'Category must be a category slug' })
  .trim()
  .max(CATEGORY_SLUG_MAX_LENGTH, `Category must be at most ${CATEGORY_SLUG_MAX_LENGTH} characters`)
  .regex(CATEGORY_SLUG_PATTERN, 'Category must be a category slug (lower-case words joined by hyphens)');

/** `{ "Thread": "M8", … }`: up to 30 specifications; names and values trimmed, none empty. */
export const attributesSchema = z
  .record(
    z
      .string()
      .trim()
      .min(1, 'Specification names cannot be empty')
      .max(ATTRIBUTE_NAME_MAX_LENGTH, `Specification names must be at most ${ATTRIBUTE_NAME_MAX_LENGTH} characters`),
    z
      .string({ error: 'Specification values must be text' })
      .trim()
      .min(1, 'Specification values cannot be empty')
      .max(ATTRIBUTE_VALUE_MAX_LENGTH, `Specification values must be at most ${ATTRIBUTE_VALUE_MAX_LENGTH} characters`),
    { error: 'Specifications must be an object of name → value texts' },
  )
  .refine((v) => Object.keys(v).length <= ATTRIBUTES_MAX, `At most ${ATTRIBUTES_MAX} specifications`);

/** The fields a product is written with, each optional here; `productInputSchema` requires the spec's. */
const productFieldsSchema = z.object({
  sku: skuSchema,
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(PRODUCT_NAME_MAX_LENGTH, `Name must be at most ${PRODUCT_NAME_MAX_LENGTH} characters`),
  description: z.string({ error: 'Description must be text' }).trim().max(2000, 'Description must be at most 2000 characters'),
  brand: z.string({ error: 'Brand must be text' }).trim().max(BRAND_MAX_LENGTH, `Brand must be at most ${BRAND_MAX_LENGTH} characters`),
  /** A category slug; null or '' for none. */
  category: z.union([categorySlugSchema, z.literal('').transform(() => null), z.null()]),
  attributes: attributesSchema,
  price: unitPriceSchema('Price', PRODUCT_PRICE_MAX_E4),
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
  images: z.array(imageUrlSchema, { error: 'Images must be a list of image URLs' }).max(PRODUCT_IMAGES_MAX, `At most ${PRODUCT_IMAGES_MAX} images`),
  priceTiers: priceTiersSchema,
  orderMultiple: orderMultipleSchema,
  lowStockThreshold: lowStockThresholdSchema,
  backorder: backorderInputSchema,
  unspsc: unspscSchema,
  weightKg: weightKgSchema('Weight').nullable(),
  /** Issue 30: `standard`, `reduced`, `zero` or `exempt`. */
  taxClass: taxClassSchema,
});

/**
 * The image list a product keeps: `img` first, then the others without repeats. With only
 * `images`, `img` is its first entry. Empty when neither is given.
 */
export function productImages(img: string | undefined, images: readonly string[] | undefined): string[] {
  const list = [...(images ?? [])];
  const first = img ?? list[0];
  if (first === undefined) return [];
  return [first, ...list.filter((u) => u !== first)];
}

/**
 * Add Product form and `POST /api/service`: the spec's fields plus `sku` (required), `brand`,
 * `category`, `attributes` and `images`. Either `img` or `images` names the main image; the output
 * always has both (`img === images[0]`).
 */
export const productInputSchema = productFieldsSchema
  .extend({
    description: productFieldsSchema.shape.description.default(''),
    brand: productFieldsSchema.shape.brand.default(''),
    category: productFieldsSchema.shape.category.default(null),
    attributes: productFieldsSchema.shape.attributes.default({}),
    priceTiers: productFieldsSchema.shape.priceTiers.default([]),
    orderMultiple: productFieldsSchema.shape.orderMultiple.default(1),
    lowStockThreshold: productFieldsSchema.shape.lowStockThreshold.default(null),
    backorder: productFieldsSchema.shape.backorder.default({ allowed: false, leadTimeDays: null, nextRestockDate: null }),
    unspsc: productFieldsSchema.shape.unspsc.default(null),
    weightKg: productFieldsSchema.shape.weightKg.default(null),
    taxClass: productFieldsSchema.shape.taxClass.default('standard'),
    img: imageUrlSchema.optional(),
    images: productFieldsSchema.shape.images.optional(),
  })
  .superRefine((v, ctx) => {
    const images = productImages(v.img, v.images);
    if (images.length === 0) ctx.addIssue({ code: 'custom', path: ['img'], message: 'Image is required' });
    else if (images.length > PRODUCT_IMAGES_MAX) ctx.addIssue({ code: 'custom', path: ['images'], message: `At most ${PRODUCT_IMAGES_MAX} images` });
    for (const [field, message] of Object.entries(productRulesProblems(v))) ctx.addIssue({ code: 'custom', path: [field], message });
  })
  .transform((v) => {
    const images = productImages(v.img, v.images);
    return { ...v, img: images[0] as string, images };
  });
export type ProductInput = z.output<typeof productInputSchema>;
/** What a client sends (before defaults): the form's values. */
export type ProductInputFields = z.input<typeof productInputSchema>;

/**
 * `PATCH /api/service/:id`: any subset of the fields. Setting `availableQuantity` needs
 * `expectedAvailableQuantity`, the stock the editor saw: sales made since then must not go back on
 * sale (409 when it changed). Adding or removing pieces is `POST /api/service/:id/stock`.
 * `images` replaces the list (its first becomes `img`); `img` alone makes that image the first.
 * `priceTiers` replaces the tiers ([] for none); the server checks them (and `orderMultiple`)
 * against the stored fields with `productRulesProblems`. `lowStockThreshold: null` goes back to
 * the shop-wide setting.
 */
export const productPatchSchema = productFieldsSchema
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
    if (v.images !== undefined && productImages(v.img, v.images).length === 0) {
      ctx.addIssue({ code: 'custom', path: ['images'], message: 'Image is required' });
    }
    if (v.images !== undefined && productImages(v.img, v.images).length > PRODUCT_IMAGES_MAX) {
      ctx.addIssue({ code: 'custom', path: ['images'], message: `At most ${PRODUCT_IMAGES_MAX} images` });
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
