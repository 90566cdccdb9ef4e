import { z } from 'zod';
import { CATEGORY_NAME_MAX_LENGTH } from '../catalog.js';
import { categorySlugSchema } from './product.js';

/** One category; `GET /api/categories` answers the whole tree as a flat array, parents first. */
export const categorySchema = z.object({
  slug: z.string(),
  name: z.string(),
  parent: z.string().nullable(),
  /** Visible (not archived) products in it and all its descendants. */
  count: z.number().int(),
});
export type Category = z.infer<typeof categorySchema>;

const categoryNameSchema = z
  .string({ error: 'Name is required' })
  .trim()
  .min(1, 'Name is required')
  .max(CATEGORY_NAME_MAX_LENGTH, `Name must be at most ${CATEGORY_NAME_MAX_LENGTH} characters`);
const parentSchema = z.union([categorySlugSchema, z.literal('').transform(() => null), z.null()]);

/** `POST /api/categories`: `slug` defaults to the name slugified; `parent` null for a top-level one. */
export const categoryInputSchema = z.object({
  name: categoryNameSchema,
  slug: categorySlugSchema.optional(),
  parent: parentSchema.default(null),
});
export type CategoryInput = z.output<typeof categoryInputSchema>;

/** `PATCH /api/categories/:slug`: rename and/or move (a move under itself or a descendant is refused). */
export const categoryPatchSchema = z.object({
  name: categoryNameSchema.optional(),
  parent: parentSchema.optional(),
});
export type CategoryPatch = z.output<typeof categoryPatchSchema>;

export const categorySlugParamsSchema = z.object({ slug: z.string() });
