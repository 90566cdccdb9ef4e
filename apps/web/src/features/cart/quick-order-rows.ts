import { CART_MESSAGES, MESSAGES, type ErrorLine, type QuickOrderRow } from '@bulkparts/shared';
import { parseQuantityInput, quantityInputError } from '@bulkparts/shared/quantity';

/** One row of the quick order pad as typed: `row` is its number as the buyer reads it (the CSV's line). */
export interface PadRow {
  row: number;
  sku: string;
  quantity: string;
}

export interface RowError {
  /** The row's position in the pad. */
  at: number;
  field: 'sku' | 'quantity';
  message: string;
}

export const PAD_ROWS_STEP = 5;

/** `count` empty rows numbered after `after`. */
export function emptyRows(count: number, after = 0): PadRow[] {
  return Array.from({ length: count }, (_, i) => ({ row: after + i + 1, sku: '', quantity: '' }));
}

/** The pad's rows from a parsed CSV: each keeps its line number in the file. */
export function rowsFromCsv(rows: readonly QuickOrderRow[]): { rows: PadRow[]; errors: RowError[] } {
  const errors: RowError[] = [];
  const pad = rows.map((r, at) => {
    if (r.quantity === null) errors.push({ at, field: 'quantity', message: 'Quantity must be a whole number of pieces' });
    return { row: r.row, sku: r.sku, quantity: r.quantity === null ? '' : String(r.quantity) };
  });
  return { rows: pad, errors };
}

/**
 * What the pad sends (`POST /api/cart/lines`): every row with a SKU or a quantity, checked for
 * shape first (a SKU, a quantity in the shop's range); the server checks the rest. `sentFrom[i]`
 * is the pad position of the i-th line sent, so the server's `lines[].index` finds its row.
 */
export function linesToSend(rows: readonly PadRow[]): { lines: { sku: string; quantity: number }[]; sentFrom: number[]; errors: RowError[] } {
  const lines: { sku: string; quantity: number }[] = [];
  const sentFrom: number[] = [];
  const errors: RowError[] = [];
  rows.forEach((r, at) => {
    const sku = r.sku.trim();
    if (sku === '' && r.quantity.trim() === '') return;
    if (sku === '') errors.push({ at, field: 'sku', message: 'Enter a SKU' });
    const qtyError = quantityInputError(r.quantity);
    if (qtyError) errors.push({ at, field: 'quantity', message: qtyError });
    const quantity = parseQuantityInput(r.quantity);
    if (sku !== '' && !qtyError && quantity !== null) {
      lines.push({ sku, quantity });
      sentFrom.push(at);
    }
  });
  return { lines, sentFrom, errors };
}

/** The server's refused lines (by `index` into what was sent) as errors on the pad's rows. */
export function rowErrorsFromServer(lines: readonly ErrorLine[], sentFrom: readonly number[]): RowError[] {
  const errors: RowError[] = [];
  for (const l of lines) {
    const at = l.index === undefined ? undefined : sentFrom[l.index];
    if (at === undefined) continue;
    // A SKU the catalogue does not know, or an archived product, is about the SKU; the rest about the pieces.
    const onSku = l.message === CART_MESSAGES.unknownSku || l.message === MESSAGES.productUnavailable || l.message === 'SKU is required';
    errors.push({ at, field: onSku ? 'sku' : 'quantity', message: l.message });
  }
  return errors;
}
