/**
 * The product CSV format's pure rules, shared by the server's import/export and any page that
 * previews a file: reading the header, guessing the delimiter, and the spreadsheet-formula guard
 * (which the import undoes, so an export always reads back to the same values).
 */
import { ATTRIBUTE_NAME_MAX_LENGTH, PRODUCT_CSV_ATTRIBUTE_PREFIX, PRODUCT_CSV_COLUMNS, PRODUCT_CSV_IMAGES_COLUMN, type ProductCsvColumn } from './catalog.js';

/**
 * Optional columns of bulk pricing (issue 17): `tiers` ('200:0.15|500:0.12', see pricing.ts's
 * parseTiersCell) and `orderMultiple` (empty = 1). Optional so files written before them still
 * import; a file without one leaves that field of an existing product as it is.
 */
export const PRODUCT_CSV_TIERS_COLUMN = 'tiers';
export const PRODUCT_CSV_MULTIPLE_COLUMN = 'orderMultiple';
export const PRODUCT_CSV_PRICING_COLUMNS = [PRODUCT_CSV_TIERS_COLUMN, PRODUCT_CSV_MULTIPLE_COLUMN] as const;
export type ProductCsvPricingColumn = (typeof PRODUCT_CSV_PRICING_COLUMNS)[number];

/**
 * Optional column of the low-stock alert (issue 19): the product's own threshold, empty for the
 * shop-wide setting. A file without it leaves that of an existing product as it is (a new
 * product follows the shop-wide setting), like the pricing columns.
 */
export const PRODUCT_CSV_LOW_STOCK_COLUMN = 'lowStockThreshold';

/**
 * Optional column of the product's UNSPSC code (issue 32), empty for none. A file without it leaves
 * that of an existing product as it is, like the low-stock column.
 */
export const PRODUCT_CSV_UNSPSC_COLUMN = 'unspsc';

/** Optional column of the product's tax class (issue 30): standard, reduced, zero or exempt; empty: standard. A file without it leaves an existing product's as it is. */
export const PRODUCT_CSV_TAX_CLASS_COLUMN = 'taxClass';

/**
 * Optional column of a piece's weight in kilograms (issue 30; up to 3 decimals), empty for none. A
 * file without it leaves that of an existing product as it is.
 */
export const PRODUCT_CSV_WEIGHT_COLUMN = 'weightKg';

/**
 * Optional columns of backorders (issue 31): `backorderAllowed` (yes/no), `leadTimeDays` (empty:
 * none) and `nextRestockDate` (YYYY-MM-DD, empty: none). A file with any of them sets all three
 * (a missing one reads as no / empty); a file with none leaves an existing product's as they are.
 */
export const PRODUCT_CSV_BACKORDER_COLUMNS = ['backorderAllowed', 'leadTimeDays', 'nextRestockDate'] as const;
export type ProductCsvBackorderColumn = (typeof PRODUCT_CSV_BACKORDER_COLUMNS)[number];

/** A CSV yes/no cell: true, yes, 1 (any case) or false, no, 0, empty; anything else is answered as it was written. */
export function csvBoolean(cell: string): boolean | string {
  const v = cell.trim().toLowerCase();
  if (v === 'true' || v === 'yes' || v === '1') return true;
  if (v === 'false' || v === 'no' || v === '0' || v === '') return false;
  return cell;
}

/** What one header cell names. */
export type ProductCsvHeaderColumn =
  | { kind: 'field'; name: ProductCsvColumn }
  | { kind: 'attribute'; name: string; column: string }
  | { kind: 'images'; name: typeof PRODUCT_CSV_IMAGES_COLUMN }
  | { kind: 'pricing'; name: ProductCsvPricingColumn }
  | { kind: 'lowStock'; name: typeof PRODUCT_CSV_LOW_STOCK_COLUMN }
  | { kind: 'backorder'; name: ProductCsvBackorderColumn }
  | { kind: 'unspsc'; name: typeof PRODUCT_CSV_UNSPSC_COLUMN }
  | { kind: 'weight'; name: typeof PRODUCT_CSV_WEIGHT_COLUMN }
  | { kind: 'taxClass'; name: typeof PRODUCT_CSV_TAX_CLASS_COLUMN };

export interface ProductCsvHeader {
  /** One entry per header cell, in file order (undefined where the cell had a problem). */
  columns: (ProductCsvHeaderColumn | undefined)[];
  /** Problems with the header itself (all on row 1). */
  errors: { column: string; message: string }[];
}

/** The column name an error names for a header entry. */
export function productCsvColumnName(c: ProductCsvHeaderColumn): string {
  return c.kind === 'attribute' ? c.column : c.name;
}

/**
 * Reads the header row. Fixed column names and the optional ones (`images`, `tiers`, `orderMultiple`,
 * `lowStockThreshold`, `unspsc`) match case-insensitively; `attr:<Name>`
 * keeps the name's case (specification names are case-sensitive keys). Every fixed column is
 * required: a missing `description` would otherwise blank the description of every updated product.
 */
export function parseProductCsvHeader(cells: readonly string[]): ProductCsvHeader {
  const columns: (ProductCsvHeaderColumn | undefined)[] = [];
  const errors: { column: string; message: string }[] = [];
  const seen = new Set<string>();
  const fixed = new Map<string, ProductCsvColumn>(PRODUCT_CSV_COLUMNS.map((c) => [c.toLowerCase(), c]));
  const pricing = new Map<string, ProductCsvPricingColumn>(PRODUCT_CSV_PRICING_COLUMNS.map((c) => [c.toLowerCase(), c]));
  const backorder = new Map<string, ProductCsvBackorderColumn>(PRODUCT_CSV_BACKORDER_COLUMNS.map((c) => [c.toLowerCase(), c]));
  for (const raw of cells) {
    const cell = raw.trim();
    const lower = cell.toLowerCase();
    let column: ProductCsvHeaderColumn | undefined;
    if (fixed.has(lower)) column = { kind: 'field', name: fixed.get(lower) as ProductCsvColumn };
    else if (lower === PRODUCT_CSV_IMAGES_COLUMN) column = { kind: 'images', name: PRODUCT_CSV_IMAGES_COLUMN };
    else if (pricing.has(lower)) column = { kind: 'pricing', name: pricing.get(lower) as ProductCsvPricingColumn };
    else if (lower === PRODUCT_CSV_LOW_STOCK_COLUMN.toLowerCase()) column = { kind: 'lowStock', name: PRODUCT_CSV_LOW_STOCK_COLUMN };
    else if (backorder.has(lower)) column = { kind: 'backorder', name: backorder.get(lower) as ProductCsvBackorderColumn };
    else if (lower === PRODUCT_CSV_UNSPSC_COLUMN) column = { kind: 'unspsc', name: PRODUCT_CSV_UNSPSC_COLUMN };
    else if (lower === PRODUCT_CSV_WEIGHT_COLUMN.toLowerCase()) column = { kind: 'weight', name: PRODUCT_CSV_WEIGHT_COLUMN };
    else if (lower === PRODUCT_CSV_TAX_CLASS_COLUMN.toLowerCase()) column = { kind: 'taxClass', name: PRODUCT_CSV_TAX_CLASS_COLUMN };
    else if (lower.startsWith(PRODUCT_CSV_ATTRIBUTE_PREFIX)) {
      const name = cell.slice(PRODUCT_CSV_ATTRIBUTE_PREFIX.length).trim();
      if (!name) errors.push({ column: cell, message: `Column ${cell} names no specification (write ${PRODUCT_CSV_ATTRIBUTE_PREFIX}<Name>)` });
      else if (name.length > ATTRIBUTE_NAME_MAX_LENGTH)
        errors.push({ column: cell, message: `Specification names must be at most ${ATTRIBUTE_NAME_MAX_LENGTH} characters` });
      else column = { kind: 'attribute', name, column: `${PRODUCT_CSV_ATTRIBUTE_PREFIX}${name}` };
    } else {
      errors.push({
        column: cell,
        message: cell
          ? `Unknown column ${cell}: the columns are ${[...PRODUCT_CSV_COLUMNS, PRODUCT_CSV_IMAGES_COLUMN, ...PRODUCT_CSV_PRICING_COLUMNS, PRODUCT_CSV_LOW_STOCK_COLUMN, ...PRODUCT_CSV_BACKORDER_COLUMNS, PRODUCT_CSV_UNSPSC_COLUMN, PRODUCT_CSV_WEIGHT_COLUMN, PRODUCT_CSV_TAX_CLASS_COLUMN].join(', ')} and ${PRODUCT_CSV_ATTRIBUTE_PREFIX}<Name>`
          : 'A header cell is empty: every column needs a name',
      });
    }
    if (column) {
      const key = column.kind === 'attribute' ? `a:${column.name}` : column.name;
      if (seen.has(key)) {
        errors.push({ column: productCsvColumnName(column), message: `Column ${productCsvColumnName(column)} appears twice` });
        column = undefined;
      } else seen.add(key);
    }
    columns.push(column);
  }
  for (const name of PRODUCT_CSV_COLUMNS) {
    if (!seen.has(name)) errors.push({ column: name, message: `Column ${name} is missing` });
  }
  return { columns, errors };
}

/**
 * The delimiter of a header line: `;` when it has more semicolons than commas outside quotes
 * (spreadsheets in locales with a decimal comma write `;`), otherwise `,`.
 */
export function detectCsvDelimiter(headerLine: string): ',' | ';' {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (const ch of headerLine) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && ch === ',') commas++;
    else if (!quoted && ch === ';') semicolons++;
  }
  return semicolons > commas ? ';' : ',';
}

/**
 * Spreadsheets run a cell starting with = + - @ (or tab, CR) as a formula; like the orders
 * export, such a cell gets a leading apostrophe. So that the import can take the apostrophe off
 * again without ambiguity, a value that already is apostrophes before such a character gets one
 * more: `escape` and `unescape` are exact inverses, so every text round-trips.
 */
const FORMULA_AFTER_APOSTROPHES = /^'*[=+\-@\t\r]/;
const ESCAPED_FORMULA = /^'+[=+\-@\t\r]/;

export function csvFormulaEscape(value: string): string {
  return FORMULA_AFTER_APOSTROPHES.test(value) ? `'${value}` : value;
}

export function csvFormulaUnescape(cell: string): string {
  return ESCAPED_FORMULA.test(cell) ? cell.slice(1) : cell;
}
