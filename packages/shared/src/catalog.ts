/**
 * Catalogue rules without zod, so pages that only need them (the product list, the filter panel,
 * the top-bar search) do not download zod. The zod schemas in schemas/product.ts,
 * schemas/category.ts and schemas/catalog-search.ts build on these.
 */

/** A SKU: the shop's part number. Stored and compared upper-case, so uniqueness ignores case. */
export const SKU_MAX_LENGTH = 40;
export const SKU_PATTERN = /^[A-Z0-9\-_./]+$/;
export const SKU_CHARACTERS_MESSAGE = 'SKU may contain only A–Z, 0–9, -, _, . and /';

export function normalizeSku(sku: string): string {
  return sku.trim().toUpperCase();
}

/** Why `sku` (before normalising) is not a valid SKU, or null. */
export function skuProblem(sku: string): string | null {
  const s = normalizeSku(sku);
  if (!s) return 'SKU is required';
  if (s.length > SKU_MAX_LENGTH) return `SKU must be at most ${SKU_MAX_LENGTH} characters`;
  if (!SKU_PATTERN.test(s)) return SKU_CHARACTERS_MESSAGE;
  return null;
}

/** Issue 32: a UNSPSC commodity code as the catalogue keeps it (8 digits). */
export const UNSPSC_PATTERN = /^\d{8}$/;

/** Category slugs: lower-case words joined by single hyphens ('hex-bolts'). */
export const CATEGORY_SLUG_MAX_LENGTH = 60;
export const CATEGORY_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const CATEGORY_NAME_MAX_LENGTH = 60;

/** 'Hex Bolts & Nuts' → 'hex-bolts-nuts': the slug a new category gets when none is given. */
export function slugify(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, CATEGORY_SLUG_MAX_LENGTH)
    .replace(/-+$/, '');
}

/** Specifications: up to 30 name → value pairs per product. */
export const ATTRIBUTES_MAX = 30;
export const ATTRIBUTE_NAME_MAX_LENGTH = 40;
export const ATTRIBUTE_VALUE_MAX_LENGTH = 100;
export const BRAND_MAX_LENGTH = 60;
/** Images per product; `img` is always the first. */
export const PRODUCT_IMAGES_MAX = 8;

// Search text limits and the `attr.` prefix live in search.ts (zod-free and tiny, for the top bar).
export { ATTRIBUTE_FILTER_PREFIX, SEARCH_SUGGEST_MIN_LENGTH, SEARCH_TEXT_MAX_LENGTH } from './search.js';
/** Values one repeatable filter (`brand`, `attr.<Name>`) may list. */
export const FILTER_VALUES_MAX = 20;
/** Different `attr.<Name>` filters in one request. */
export const ATTRIBUTE_FILTERS_MAX = 10;

/** CSV import and export: the fixed columns, in order; then one `attr:<Name>` column per specification. */
export const PRODUCT_CSV_COLUMNS = ['sku', 'name', 'description', 'price', 'minimumOrderQuantity', 'availableQuantity', 'brand', 'category', 'img'] as const;
export type ProductCsvColumn = (typeof PRODUCT_CSV_COLUMNS)[number];
export const PRODUCT_CSV_ATTRIBUTE_PREFIX = 'attr:';
/** Extra images after `img` travel in one optional `images` column, separated by this. */
export const PRODUCT_CSV_IMAGES_COLUMN = 'images';
export const PRODUCT_CSV_LIST_SEPARATOR = '|';
/** Largest CSV file the import takes (the body is streamed, never held whole). */
export const PRODUCT_IMPORT_MAX_BYTES = 64 * 1024 * 1024;
/** Errors listed in one import answer; past it the list ends with a row saying how many more. */
export const PRODUCT_IMPORT_ERRORS_MAX = 1000;

/** The tree shape of a category, all that the tree rules below need. */
export interface CategoryNode {
  slug: string;
  parent: string | null;
}

/** `slug` and every category under it, at any depth (just `[slug]` for a leaf or an unknown slug). */
export function descendantSlugs(categories: readonly CategoryNode[], slug: string): string[] {
  const children = new Map<string | null, string[]>();
  for (const c of categories) children.set(c.parent, [...(children.get(c.parent) ?? []), c.slug]);
  const found: string[] = [];
  const seen = new Set<string>();
  const stack = [slug];
  while (stack.length) {
    const s = stack.pop() as string;
    if (seen.has(s)) continue; // a cycle in bad data must not loop forever
    seen.add(s);
    found.push(s);
    stack.push(...(children.get(s) ?? []));
  }
  return found;
}

/**
 * Counts per category including all descendants, from the counts of products filed directly in
 * each (`direct`). Categories missing from `direct` count 0; slugs in `direct` that are not in
 * the tree are ignored.
 */
export function rollUpCategoryCounts(categories: readonly CategoryNode[], direct: ReadonlyMap<string, number>): Map<string, number> {
  const parentOf = new Map(categories.map((c) => [c.slug, c.parent]));
  const totals = new Map(categories.map((c) => [c.slug, 0]));
  for (const [slug, count] of direct) {
    const seen = new Set<string>();
    for (let s: string | null | undefined = slug; s != null && totals.has(s) && !seen.has(s); s = parentOf.get(s)) {
      seen.add(s);
      totals.set(s, (totals.get(s) ?? 0) + count);
    }
  }
  return totals;
}
