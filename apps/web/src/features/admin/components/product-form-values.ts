import { toNestErrors } from '@hookform/resolvers';
import type { FieldError, Resolver } from 'react-hook-form';
import { attributesSchema, productInputSchema, type Product, type ProductInput, type ProductInputFields } from '@bulkparts/shared';

/** One specification row of the product form; the rows become the `attributes` object on submit. */
export interface SpecRow {
  name: string;
  value: string;
}

/** One quantity break of the form (issue 17): NaN (or null) while a figure is empty. */
export interface TierRow {
  minQuantity: number;
  price: number;
}

/**
 * The product form's values: the shared input fields, with the specifications as rows (a list
 * keeps the admin's order and lets two rows briefly share a name, which an object cannot), the
 * images after the main one (`img`) as a list of `{ url }` (what `useFieldArray` needs), the
 * price tiers as rows, and the low-stock threshold as a number field's value (null or NaN while
 * empty, which means the shop-wide setting).
 */
export type ProductFormValues = Omit<
  ProductInputFields,
  'attributes' | 'images' | 'category' | 'priceTiers' | 'orderMultiple' | 'lowStockThreshold' | 'backorder' | 'unspsc'
> & {
  category: string;
  specs: SpecRow[];
  extraImages: { url: string }[];
  priceTiers: TierRow[];
  orderMultiple: number;
  lowStockThreshold: number | null;
  /** Issue 31: the lead time empty (null or NaN) and the restock day empty ('') mean none. */
  backorder: BackorderFormValues;
  /** Issue 32: '' for none (the schema reads it as null). */
  unspsc: string;
};

export interface BackorderFormValues {
  allowed: boolean;
  leadTimeDays: number | null;
  nextRestockDate: string;
}

export const NO_BACKORDER_VALUES: BackorderFormValues = { allowed: false, leadTimeDays: null, nextRestockDate: '' };

export const DUPLICATE_SPEC_MESSAGE = 'This specification is already listed: give each one a different name';

const isBlank = (row: SpecRow) => !row.name.trim() && !row.value.trim();
const hasFigure = (n: number | null) => typeof n === 'number' && !Number.isNaN(n);
/** A tier row left with neither figure ('Add tier' pressed, nothing typed) is dropped, not refused. */
const isBlankTier = (row: TierRow) => !hasFigure(row.minQuantity) && !hasFigure(row.price);

/** The rows as the API's `{ name: value }` (trimmed; rows left entirely empty are dropped). */
export function specsToAttributes(rows: readonly SpecRow[]): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const row of rows) if (!isBlank(row)) attributes[row.name.trim()] = row.value.trim();
  return attributes;
}

export function attributesToSpecs(attributes: Readonly<Record<string, string>>): SpecRow[] {
  return Object.entries(attributes).map(([name, value]) => ({ name, value }));
}

/**
 * Each row's problems, by row index, in the shared schema's words; a name already used by an
 * earlier row (ignoring case and spaces around it, which the filters would not tell apart) is
 * refused on the later row.
 */
export function specRowErrors(rows: readonly SpecRow[]): Map<number, { name?: string; value?: string }> {
  const problems = new Map<number, { name?: string; value?: string }>();
  const seen = new Set<string>();
  rows.forEach((row, i) => {
    if (isBlank(row)) return;
    const name = attributesSchema.keyType.safeParse(row.name).error?.issues[0]?.message;
    const value = attributesSchema.valueType.safeParse(row.value).error?.issues[0]?.message;
    const key = row.name.trim().toLowerCase();
    const duplicate = key && seen.has(key) ? DUPLICATE_SPEC_MESSAGE : undefined;
    seen.add(key);
    if (name || value || duplicate) problems.set(i, { name: name ?? duplicate, value });
  });
  return problems;
}

/**
 * The values the shared schema checks: rows → `attributes`, non-empty extra image rows → `images`,
 * non-blank tier rows → `priceTiers`, an empty low-stock threshold → null (the shop-wide setting).
 */
export function toProductInput({ specs, extraImages, priceTiers, lowStockThreshold, backorder, ...fields }: ProductFormValues): ProductInputFields {
  return {
    ...fields,
    lowStockThreshold: hasFigure(lowStockThreshold) ? lowStockThreshold : null,
    backorder: {
      allowed: backorder.allowed,
      leadTimeDays: hasFigure(backorder.leadTimeDays) ? backorder.leadTimeDays : null,
      nextRestockDate: backorder.nextRestockDate.trim() || null,
    },
    attributes: specsToAttributes(specs),
    images: extraImages.map((i) => i.url.trim()).filter(Boolean),
    priceTiers: priceTiers.filter((t) => !isBlankTier(t)).map((t) => ({ minQuantity: t.minQuantity, price: t.price })),
  };
}

/** The form's values for an existing product (the edit dialog). */
export function productFormValues(product: Product): ProductFormValues {
  return {
    sku: product.sku,
    name: product.name,
    description: product.description,
    brand: product.brand,
    category: product.category ?? '',
    price: product.price,
    minimumOrderQuantity: product.minimumOrderQuantity,
    availableQuantity: product.availableQuantity,
    img: product.img,
    specs: attributesToSpecs(product.attributes),
    extraImages: product.images.filter((url) => url !== product.img).map((url) => ({ url })),
    priceTiers: product.priceTiers.map((t) => ({ minQuantity: t.minQuantity, price: t.price })),
    orderMultiple: product.orderMultiple,
    lowStockThreshold: product.lowStockThreshold ?? null,
    backorder: { allowed: product.backorder.allowed, leadTimeDays: product.backorder.leadTimeDays, nextRestockDate: product.backorder.nextRestockDate ?? '' },
    unspsc: product.unspsc ?? '',
    taxClass: product.taxClass ?? 'standard',
  };
}

/**
 * Validates with `productInputSchema` (so the server's rules and messages) and the row checks
 * above, and puts each message under its control: an attribute's under its row, an image's under
 * its row of the list. Answers the schema's output, `ProductInput`.
 */
export const productFormResolver: Resolver<ProductFormValues, unknown, ProductInput> = async (values, _context, options) => {
  const flat: Record<string, FieldError> = {};
  const add = (path: string, message: string, type = 'validate') => (flat[path] ??= { type, message });
  for (const [i, problem] of specRowErrors(values.specs)) {
    if (problem.name) add(`specs.${i}.name`, problem.name);
    if (problem.value) add(`specs.${i}.value`, problem.value);
  }
  // Blank image and tier rows are skipped, so the schema's indexes point into the kept rows.
  const kept = values.extraImages.flatMap((row, i) => (row.url.trim() ? [i] : []));
  const keptTiers = values.priceTiers.flatMap((row, i) => (isBlankTier(row) ? [] : [i]));
  const parsed = productInputSchema.safeParse(toProductInput(values));
  for (const issue of parsed.error?.issues ?? []) {
    const [field, index] = issue.path;
    if (field === 'attributes') {
      if (index === undefined) add('specs', issue.message, issue.code);
      continue; // a row's own problem was found above, in better words than the record's
    }
    if (field === 'images') add(typeof index === 'number' ? `extraImages.${kept[index]}.url` : 'extraImages', issue.message, issue.code);
    else if (field === 'priceTiers' && typeof index === 'number')
      add(['priceTiers', keptTiers[index], ...issue.path.slice(2)].join('.'), issue.message, issue.code);
    else add(issue.path.join('.'), issue.message, issue.code);
  }
  if (!parsed.success && Object.keys(flat).length === 0) add('specs', parsed.error.issues[0]?.message ?? 'Check the specifications');
  if (!parsed.success || Object.keys(flat).length > 0) return { values: {}, errors: toNestErrors(flat, options) };
  return { values: parsed.data, errors: {} };
};
