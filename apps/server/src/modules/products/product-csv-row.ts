import {
  csvBoolean,
  csvFormulaUnescape,
  parseTiersCell,
  PRODUCT_CSV_LIST_SEPARATOR,
  PRODUCT_CSV_MULTIPLE_COLUMN,
  PRODUCT_CSV_TIERS_COLUMN,
  productCsvColumnName,
  productInputSchema,
  productRulesProblems,
  tiersToDollars,
  type ImportError,
  type ProductCsvHeaderColumn,
  type ProductInput,
} from '@bulkparts/shared';
import type { ProductRow } from './products.repository.js';
import { storedTiers } from './products.service.js';

/**
 * One CSV record → the body `POST /api/service` would get, validated by the same shared schema.
 * Pure: no database (the category check and the SKU bookkeeping are the import service's).
 */

/** Text that is a plain decimal number; anything else goes to zod as text so it answers the column's own message. */
const NUMBER_TEXT = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

function numberCell(cell: string): number | string {
  const s = cell.trim();
  return NUMBER_TEXT.test(s) ? Number(s) : s;
}

/**
 * The object a record stands for, with the CSV text turned into the API's types. A `tiers` cell
 * that is not 'quantity:price|…' at all is reported in `cellErrors` (column → message): the
 * schema would only see a wrong type there.
 */
export function recordToInput(
  columns: readonly (ProductCsvHeaderColumn | undefined)[],
  record: readonly string[],
  cellErrors: Map<string, string> = new Map(),
): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  const attributes: Record<string, string> = {};
  let extraImages: string[] = [];
  columns.forEach((column, i) => {
    if (!column) return;
    const cell = csvFormulaUnescape(record[i] ?? '');
    if (column.kind === 'attribute') {
      // An empty cell: the product has no such specification.
      if (cell.trim()) attributes[column.name] = cell;
    } else if (column.kind === 'pricing') {
      if (column.name === PRODUCT_CSV_TIERS_COLUMN) {
        const parsed = parseTiersCell(cell);
        if ('error' in parsed) cellErrors.set(column.name, parsed.error);
        else input.priceTiers = tiersToDollars(parsed.tiers);
      } else if (cell.trim()) input.orderMultiple = numberCell(cell); // empty: no multiple (1)
    } else if (column.kind === 'lowStock') {
      input.lowStockThreshold = cell.trim() ? numberCell(cell) : null; // empty: the shop-wide setting
    } else if (column.kind === 'backorder') {
      // Issue 31: any of the three columns sets the three (a missing one: off, none).
      const backorder = (input.backorder ??= { allowed: false, leadTimeDays: null, nextRestockDate: null }) as Record<string, unknown>;
      if (column.name === 'backorderAllowed') backorder.allowed = csvBoolean(cell);
      else if (column.name === 'leadTimeDays') backorder.leadTimeDays = cell.trim() ? numberCell(cell) : null;
      else backorder.nextRestockDate = cell.trim() ? cell.trim() : null;
    } else if (column.kind === 'unspsc') {
      input.unspsc = cell; // empty: none
    } else if (column.kind === 'weight') {
      input.weightKg = cell.trim() ? numberCell(cell) : null; // empty: none
    } else if (column.kind === 'taxClass') {
      input.taxClass = cell.trim() ? cell.trim().toLowerCase() : 'standard'; // empty: standard
    } else if (column.kind === 'images') {
      extraImages = cell
        .split(PRODUCT_CSV_LIST_SEPARATOR)
        .map((u) => u.trim())
        .filter(Boolean);
    } else {
      switch (column.name) {
        case 'price':
        case 'minimumOrderQuantity':
        case 'availableQuantity':
          input[column.name] = numberCell(cell);
          break;
        default:
          input[column.name] = cell;
      }
    }
  });
  input.attributes = attributes;
  const img = typeof input.img === 'string' ? input.img.trim() : '';
  if (img) input.img = img;
  else delete input.img; // then the first of `images` is the main image, or "Image is required"
  // `img` stays first (productImages); the column's images follow, so `images[i]` is the column's i-th URL in messages.
  if (extraImages.length) input.images = extraImages;
  return input;
}

export type RowResult = { ok: true; value: ProductInput } | { ok: false; errors: ImportError[] };

/**
 * Validates one record (`row` is its line number in the file). Each column is named once, with
 * the schema's first message for it.
 */
export function validateRecord(columns: readonly (ProductCsvHeaderColumn | undefined)[], record: readonly string[], row: number): RowResult {
  if (record.length !== columns.length) {
    return { ok: false, errors: [{ row, column: '', message: `This row has ${record.length} cells; the header has ${columns.length}` }] };
  }
  // PostgreSQL cannot store NUL in text; the API refuses it too (lib/validate.ts).
  const nul = record.findIndex((cell) => cell.includes('\u0000'));
  const nulColumn = nul >= 0 ? columns[nul] : undefined;
  if (nul >= 0) return { ok: false, errors: [{ row, column: nulColumn ? productCsvColumnName(nulColumn) : '', message: 'Contains a NUL character' }] };
  const byColumn = new Map<string, string>();
  const parsed = productInputSchema.safeParse(recordToInput(columns, record, byColumn));
  if (parsed.success && !byColumn.size) return { ok: true, value: parsed.data };
  const present = columns.filter((c): c is ProductCsvHeaderColumn => c !== undefined);
  for (const issue of parsed.error?.issues ?? []) {
    const column = issueColumn(issue.path, present);
    if (!byColumn.has(column)) byColumn.set(column, issue.message);
  }
  return { ok: false, errors: [...byColumn].map(([column, message]) => ({ row, column, message })) };
}

/** The CSV column a schema issue is about: `attributes.Thread` → `attr:Thread`, `images` → the images column if the file has one. */
function issueColumn(path: readonly PropertyKey[], present: readonly ProductCsvHeaderColumn[]): string {
  const [field, key] = path;
  if (field === 'attributes') {
    const attribute = present.find((c) => c.kind === 'attribute' && (key === undefined || c.name === key));
    return attribute ? productCsvColumnName(attribute) : 'attributes';
  }
  if (field === 'images') return present.some((c) => c.kind === 'images') ? 'images' : 'img';
  if (field === 'priceTiers') return PRODUCT_CSV_TIERS_COLUMN;
  if (field === 'backorder') return key === 'leadTimeDays' || key === 'nextRestockDate' ? key : 'backorderAllowed';
  return typeof field === 'string' ? field : '';
}

/** Issue 31: whether a file has any backorder column; without them, an existing product keeps its settings. */
export function hasBackorderColumns(columns: readonly (ProductCsvHeaderColumn | undefined)[]): boolean {
  return columns.some((c) => c?.kind === 'backorder');
}

/** Whether a file has the `lowStockThreshold` column; without it, an existing product keeps its own. */
export function hasLowStockColumn(columns: readonly (ProductCsvHeaderColumn | undefined)[]): boolean {
  return columns.some((c) => c?.kind === 'lowStock');
}

/** Whether a file has the `taxClass` column (issue 30); without it, an existing product keeps its class. */
export function hasTaxClassColumn(columns: readonly (ProductCsvHeaderColumn | undefined)[]): boolean {
  return columns.some((c) => c?.kind === 'taxClass');
}

/** Whether a file has the `unspsc` column (issue 32); without it, an existing product keeps its code. */
export function hasUnspscColumn(columns: readonly (ProductCsvHeaderColumn | undefined)[]): boolean {
  return columns.some((c) => c?.kind === 'unspsc');
}

/** Whether a file has the `weightKg` column (issue 30); without it, an existing product keeps its weight. */
export function hasWeightColumn(columns: readonly (ProductCsvHeaderColumn | undefined)[]): boolean {
  return columns.some((c) => c?.kind === 'weight');
}

/** Which bulk-pricing columns a file has; without one, an existing product keeps that field. */
export interface PricingColumns {
  tiers: boolean;
  multiple: boolean;
}

export function pricingColumns(columns: readonly (ProductCsvHeaderColumn | undefined)[]): PricingColumns {
  const has = (name: string) => columns.some((c) => c?.kind === 'pricing' && c.name === name);
  return { tiers: has(PRODUCT_CSV_TIERS_COLUMN), multiple: has(PRODUCT_CSV_MULTIPLE_COLUMN) };
}

/**
 * A valid row of a file without the `tiers` or `orderMultiple` column, against the tiers or
 * multiple its product keeps: a price at or below the kept first tier, or a minimum the kept
 * multiple pushes past 1000, is named in the row's own column.
 */
export function keptPricingProblems(
  value: ProductInput,
  stored: Pick<ProductRow, 'price_tiers' | 'order_multiple'>,
  pricing: PricingColumns,
): { column: string; message: string }[] {
  const problems = productRulesProblems({
    price: value.price,
    priceTiers: pricing.tiers ? value.priceTiers : tiersToDollars(storedTiers(stored)),
    minimumOrderQuantity: value.minimumOrderQuantity,
    orderMultiple: pricing.multiple ? value.orderMultiple : Number(stored.order_multiple),
  });
  return Object.entries(problems).map(([field, message]) =>
    field === 'priceTiers'
      ? pricing.tiers
        ? { column: PRODUCT_CSV_TIERS_COLUMN, message }
        : { column: 'price', message: `${message} (the product keeps its tiers: this file has no ${PRODUCT_CSV_TIERS_COLUMN} column)` }
      : pricing.multiple
        ? { column: PRODUCT_CSV_MULTIPLE_COLUMN, message }
        : { column: 'minimumOrderQuantity', message: `${message} (the product keeps it: this file has no ${PRODUCT_CSV_MULTIPLE_COLUMN} column)` },
  );
}
