import {
  csvFormulaUnescape,
  PRODUCT_CSV_LIST_SEPARATOR,
  productCsvColumnName,
  productInputSchema,
  type ImportError,
  type ProductCsvHeaderColumn,
  type ProductInput,
} from '@bulkparts/shared';

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

/** The object a record stands for, with the CSV text turned into the API's types. */
export function recordToInput(columns: readonly (ProductCsvHeaderColumn | undefined)[], record: readonly string[]): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  const attributes: Record<string, string> = {};
  let extraImages: string[] = [];
  columns.forEach((column, i) => {
    if (!column) return;
    const cell = csvFormulaUnescape(record[i] ?? '');
    if (column.kind === 'attribute') {
      // An empty cell: the product has no such specification.
      if (cell.trim()) attributes[column.name] = cell;
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
  const parsed = productInputSchema.safeParse(recordToInput(columns, record));
  if (parsed.success) return { ok: true, value: parsed.data };
  const present = columns.filter((c): c is ProductCsvHeaderColumn => c !== undefined);
  const byColumn = new Map<string, string>();
  for (const issue of parsed.error.issues) {
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
  return typeof field === 'string' ? field : '';
}
