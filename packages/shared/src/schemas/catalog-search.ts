import { z } from 'zod';
import {
  ATTRIBUTE_FILTER_PREFIX,
  ATTRIBUTE_FILTERS_MAX,
  ATTRIBUTE_NAME_MAX_LENGTH,
  ATTRIBUTE_VALUE_MAX_LENGTH,
  BRAND_MAX_LENGTH,
  FILTER_VALUES_MAX,
  SEARCH_TEXT_MAX_LENGTH,
} from '../catalog.js';
import { PRODUCT_PRICE_MAX_E4, PRODUCT_SORTS } from '../constants.js';
import { E4_PER_DOLLAR } from '../money.js';
import { categorySlugSchema } from './product.js';
import { paginationQuerySchema } from './common.js';

/** A query value that may be repeated (`brand=A&brand=B`) as a list; one value is a list of one. */
function repeatable(item: z.ZodString, field: string) {
  return z.preprocess(
    (v) => (v === undefined || Array.isArray(v) ? v : [v]),
    z.array(item).max(FILTER_VALUES_MAX, `${field} can be given at most ${FILTER_VALUES_MAX} times`),
  );
}

function priceBound(field: string) {
  return z.coerce
    .number({ error: `${field} must be a number (dollars)` })
    .refine(Number.isFinite, `${field} must be a number (dollars)`)
    .min(0, `${field} cannot be negative`)
    .max(PRODUCT_PRICE_MAX_E4 / E4_PER_DOLLAR, `${field} is too large`);
}

/** Moves every `attr.<Name>` key of a query into `attributes: { <Name>: [values] }`. */
function gatherAttributeFilters(query: unknown): unknown {
  if (typeof query !== 'object' || query === null) return query;
  const rest: Record<string, unknown> = {};
  const attributes: Record<string, unknown[]> = {};
  for (const [key, value] of Object.entries(query)) {
    if (!key.startsWith(ATTRIBUTE_FILTER_PREFIX)) rest[key] = value;
    else attributes[key.slice(ATTRIBUTE_FILTER_PREFIX.length)] = Array.isArray(value) ? value : [value];
  }
  return Object.keys(attributes).length ? { ...rest, attributes } : rest;
}

/**
 * `GET /api/service` and `GET /api/service/facets`. Filters combine with AND; the values of one
 * repeatable filter with OR: `category` (with its descendants), `brand` (any of),
 * `attr.<Name>` (any of its values; different names all of), `minPrice`/`maxPrice` (dollars),
 * `inStock` (enough stock for the product's smallest order). `q` is a full-text search; without
 * `sort` it ranks by relevance (an exact SKU first). `includeArchived=1` is for admins only.
 */
export const productListQuerySchema = z
  .unknown()
  .transform(gatherAttributeFilters)
  .pipe(
    paginationQuerySchema
      .extend({
        q: z.string().trim().max(SEARCH_TEXT_MAX_LENGTH, `Search text must be at most ${SEARCH_TEXT_MAX_LENGTH} characters`).optional(),
        sort: z.enum(PRODUCT_SORTS, { error: `sort must be one of ${PRODUCT_SORTS.join(', ')}` }).optional(),
        category: categorySlugSchema.optional(),
        brand: repeatable(
          z.string().trim().min(1, 'brand cannot be empty').max(BRAND_MAX_LENGTH, `brand must be at most ${BRAND_MAX_LENGTH} characters`),
          'brand',
        ).optional(),
        minPrice: priceBound('minPrice').optional(),
        maxPrice: priceBound('maxPrice').optional(),
        inStock: z
          .enum(['true', 'false', '1', '0'], { error: 'inStock must be true or false' })
          .transform((v) => v === 'true' || v === '1')
          .optional(),
        attributes: z.record(z.string(), z.array(z.unknown())).optional(),
        includeArchived: z.enum(['0', '1'], { error: 'includeArchived must be 0 or 1' }).optional(),
      })
      .superRefine((v, ctx) => {
        if (v.minPrice !== undefined && v.maxPrice !== undefined && v.minPrice > v.maxPrice) {
          ctx.addIssue({ code: 'custom', path: ['maxPrice'], message: 'maxPrice must not be below minPrice' });
        }
        const names = Object.keys(v.attributes ?? {});
        if (names.length > ATTRIBUTE_FILTERS_MAX) {
          ctx.addIssue({ code: 'custom', path: ['attributes'], message: `At most ${ATTRIBUTE_FILTERS_MAX} specification filters` });
        }
        for (const name of names) {
          const field = `${ATTRIBUTE_FILTER_PREFIX}${name}`;
          const values = v.attributes?.[name] ?? [];
          if (!name.trim() || name.length > ATTRIBUTE_NAME_MAX_LENGTH)
            ctx.addIssue({ code: 'custom', path: [field], message: `${field} is not a specification name` });
          else if (values.length > FILTER_VALUES_MAX)
            ctx.addIssue({ code: 'custom', path: [field], message: `${field} can be given at most ${FILTER_VALUES_MAX} times` });
          else if (values.some((x) => typeof x !== 'string' || !x.trim() || x.length > ATTRIBUTE_VALUE_MAX_LENGTH)) {
            ctx.addIssue({ code: 'custom', path: [field], message: `${field} values must be 1 to ${ATTRIBUTE_VALUE_MAX_LENGTH} characters` });
          }
        }
      })
      .transform(({ attributes, ...v }) => ({
        ...v,
        attributes: attributes ? Object.fromEntries(Object.entries(attributes).map(([k, vals]) => [k, vals.map((x) => String(x).trim())])) : undefined,
      })),
  );
export type ProductListQuery = z.output<typeof productListQuerySchema>;
/** The filters alone (what the facets are counted over). */
export type ProductFilters = Omit<ProductListQuery, 'page' | 'limit' | 'sort' | 'includeArchived'>;

/** Set on a count that is a lower bound: the match set was larger than the search reads (2,000), or the read ran out of time. */
const approximateSchema = z.literal(true).optional();
const facetValueSchema = z.object({ value: z.string(), count: z.number().int(), approximate: approximateSchema });

/**
 * `GET /api/service/facets`: counts for the current filter. Each facet's own selection is left out
 * of its own counts (choosing brand A still shows how many brand B has), as shops do; `total` is
 * the count of the filtered list itself. `price` is the range (dollars, in the caller's own prices)
 * of the filtered list without the price bounds, null when it is empty.
 *
 * Work per query is bounded: counts over more than 2,000 matching products are taken over the
 * first 2,000 and marked `approximate: true` (lower bounds; `approximate` on the answer itself
 * says `total` is one); a facet that could not be counted within the request's time budget is
 * left out, with `approximate: true` on the answer.
 */
export const productFacetsSchema = z.object({
  total: z.number().int(),
  categories: z.array(z.object({ slug: z.string(), count: z.number().int(), approximate: approximateSchema })),
  brands: z.array(facetValueSchema),
  attributes: z.record(z.string(), z.array(facetValueSchema)),
  price: z.object({ min: z.number().nullable(), max: z.number().nullable(), approximate: approximateSchema }),
  approximate: approximateSchema,
});
export type ProductFacets = z.infer<typeof productFacetsSchema>;
