import type { ErrorLine } from '@bulkparts/shared';
import { parsePastedOrder, parsePastedQuantity } from '@bulkparts/shared/paste-order';

/** One row of the quick order grid as typed; its number is its position + 1. */
export interface PadRow {
  sku: string;
  quantity: string;
}

/** A problem on one row, on the cell at fault. */
export interface RowProblem {
  field: 'sku' | 'quantity';
  message: string;
}

export const PAD_ROWS_STEP = 5;
export const WHOLE_PIECES = 'Quantity must be a whole number of pieces';

export function emptyRows(count: number): PadRow[] {
  return Array.from({ length: count }, () => ({ sku: '', quantity: '' }));
}

const isEmpty = (r: PadRow) => r.sku.trim() === '' && r.quantity.trim() === '';

/**
 * The grid after a paste (or a file): the rows already filled stay, the pasted lines follow, and
 * empty rows are dropped but for a few to type more into. `read` is how many lines were read.
 */
export function rowsAfterPaste(current: readonly PadRow[], text: string): { rows: PadRow[]; read: number; header: boolean } {
  const { lines, header } = parsePastedOrder(text);
  const kept = current.filter((r) => !isEmpty(r));
  const pasted = lines.map((l) => ({ sku: l.sku, quantity: l.quantityText }));
  const rows = [...kept, ...pasted];
  return { rows: rows.length ? [...rows, ...emptyRows(1)] : emptyRows(PAD_ROWS_STEP), read: lines.length, header };
}

/** What the grid itself can tell of a row before asking the server (a half-filled row, a quantity that is not whole pieces). */
export function ownProblem(row: PadRow): RowProblem | null {
  if (isEmpty(row)) return null;
  if (row.sku.trim() === '') return { field: 'sku', message: 'Enter a SKU' };
  if (row.quantity.trim() === '') return { field: 'quantity', message: 'Enter a quantity' };
  if (parsePastedQuantity(row.quantity) === null) return { field: 'quantity', message: WHOLE_PIECES };
  return null;
}

/**
 * The lines the grid sends (`POST /api/cart/lines` and its preview): every row with a SKU, its
 * quantity as pieces (null when not whole pieces, which the server refuses too). `sentFrom[i]` is
 * the grid position of the i-th line, so the server's `index` finds its row.
 */
export function linesToSend(rows: readonly PadRow[]): { lines: { sku: string; quantity: number | null }[]; sentFrom: number[] } {
  const lines: { sku: string; quantity: number | null }[] = [];
  const sentFrom: number[] = [];
  rows.forEach((r, at) => {
    const sku = r.sku.trim();
    if (sku === '') return;
    lines.push({ sku, quantity: parsePastedQuantity(r.quantity) });
    sentFrom.push(at);
  });
  return { lines, sentFrom };
}

/** A refused add's `lines` by grid position. */
export function problemsFromServer(lines: readonly ErrorLine[], sentFrom: readonly number[]): Map<number, RowProblem> {
  const problems = new Map<number, RowProblem>();
  for (const l of lines) {
    const at = l.index === undefined ? undefined : sentFrom[l.index];
    if (at !== undefined) problems.set(at, { field: l.field ?? 'quantity', message: l.message });
  }
  return problems;
}

/** Every row's problem: the grid's own first, else the server's. */
export function rowProblems(rows: readonly PadRow[], server: ReadonlyMap<number, RowProblem>): Map<number, RowProblem> {
  const all = new Map<number, RowProblem>();
  rows.forEach((r, at) => {
    const problem = ownProblem(r) ?? (r.sku.trim() ? server.get(at) : undefined);
    if (problem) all.set(at, problem);
  });
  return all;
}
