/**
 * Quick order from a spreadsheet (issue 33): the lines a buyer pastes or uploads, each a SKU and a
 * quantity. What a spreadsheet copies is tab-separated; a CSV file uses commas or semicolons; a
 * list typed by hand uses spaces. Zod-free, so the quick order page downloads only this.
 *
 * - Each line's separator is its own: a tab, else a semicolon, else a comma (all outside double
 *   quotes), else spaces. `""` inside quotes is a quote.
 * - A first line that names its columns (`SKU`, `Part number`, `Qty`, `Quantity`, …) is the header:
 *   it is skipped and says which column is which. Without one, the SKU is the first cell and the
 *   quantity the last.
 * - Quantities may group thousands: `"1,000"` (a quoted cell), `1 000`, `1'000`, and, on a line
 *   split by commas or spaces, `1,000` or `1 000` read as the cells `1` and `000` after the SKU. A
 *   trailing unit (`pcs`, `ps`, `pieces`) is dropped. Anything else that is not a whole number
 *   (`1.5`, `-3`, `ten`) reads as `quantity: null`, for the page to name on its row.
 */

export interface PastedLine {
  /** 1-based line number in the text pasted (blank lines and the header counted). */
  line: number;
  sku: string;
  /** Whole pieces, or null when the quantity cell is missing or not a whole number. */
  quantity: number | null;
  /** The quantity as written (after the thousands groups were joined), for the page to show back. */
  quantityText: string;
}

export interface PastedOrder {
  lines: PastedLine[];
  /** The first line named the columns and was skipped. */
  header: boolean;
}

const SKU_HEADER = /^(sku|skus|part|parts|part ?(no\.?|num(ber)?|#)|item( ?(no\.?|num(ber)?|#|code))?|article( ?(no\.?|num(ber)?))?|product ?code|code|mpn)$/i;
const QUANTITY_HEADER = /^(qty\.?|quantity|quantities|pieces|pcs|amount|count|order ?qty\.?)$/i;
const UNIT = /^(pcs?\.?|ps\.?|pieces?|stk\.?)$/i;
/** Digits with thousands groups set apart by a comma, a space (also no-break and thin), an apostrophe or an underscore. */
const GROUPED = /^\d{1,3}(?:[,\s'\u00a0\u202f_]\d{3})+$/;
const PLAIN = /^\d{1,9}$/;

type Separator = '\t' | ';' | ',' | ' ';

/** The separator of one line: the first of tab, semicolon, comma found outside quotes; else spaces. */
function separatorOf(line: string): Separator {
  let quoted = false;
  const seen = new Set<string>();
  for (const ch of line) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\t' || ch === ';' || ch === ',')) seen.add(ch);
  }
  if (seen.has('\t')) return '\t';
  if (seen.has(';')) return ';';
  if (seen.has(',')) return ',';
  return ' ';
}

/** One line's cells at `separator` outside double quotes, each trimmed; runs of spaces are one separator. */
export function splitCells(line: string, separator: Separator = separatorOf(line)): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  let wasQuoted = false;
  const push = () => {
    cells.push(wasQuoted ? cell : cell.trim());
    cell = '';
    wasQuoted = false;
  };
  for (let i = 0; i < line.length; i++) {
    const ch = line[i] as string;
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"' && cell.trim() === '') {
      quoted = true;
      wasQuoted = true;
      cell = '';
    } else if (separator === ' ' ? /\s/.test(ch) : ch === separator) {
      if (separator === ' ' && cell === '' && !wasQuoted) continue;
      push();
    } else cell += ch;
  }
  if (cell !== '' || wasQuoted || separator !== ' ') push();
  return separator === ' ' ? cells.filter((c) => c !== '') : cells;
}

/** A quantity cell as pieces: plain digits or grouped thousands; null for anything else. */
export function parsePastedQuantity(text: string): number | null {
  const t = text.trim();
  if (PLAIN.test(t)) return Number(t);
  if (GROUPED.test(t) && t.replace(/\D/g, '').length <= 9) return Number(t.replace(/\D/g, ''));
  return null;
}

/** The cells after the SKU as one quantity text: a unit dropped, split thousands groups joined. */
function quantityTextOf(rest: readonly string[], separator: Separator): string {
  const cells = rest.filter((c) => c.trim() !== '');
  if (cells.length > 1 && UNIT.test(cells.at(-1) as string)) cells.pop();
  if (cells.length === 0) return '';
  // '1,000' on a comma line (or '1 000' on a space line) arrives as the cells '1' and '000'.
  const joinable = cells.length > 1 && /^\d{1,3}$/.test(cells[0] as string) && cells.slice(1).every((c) => /^\d{3}$/.test(c));
  if (joinable) return cells.join(separator === ' ' ? ' ' : ',');
  const last = cells.at(-1) as string;
  // '100 pcs' in one cell (a tab or comma line).
  const unit = /^(.*\d)\s*(pcs?\.?|ps\.?|pieces?|stk\.?)$/i.exec(last);
  return unit ? (unit[1] as string).trim() : last;
}

/** Whether a line's cells name the columns (a header), and which column is which. */
interface Columns {
  sku: number;
  /** -1: the header names no quantity column (the last cell is the quantity). */
  quantity: number;
  /** How many cells the header has. */
  width: number;
}

function headerColumns(cells: readonly string[]): Columns | null {
  const sku = cells.findIndex((c) => SKU_HEADER.test(c.trim()));
  const quantity = cells.findIndex((c) => QUANTITY_HEADER.test(c.trim()));
  if (sku < 0 && quantity < 0) return null;
  // A header names no quantity a number would be read from.
  if (cells.some((c) => parsePastedQuantity(c) !== null)) return null;
  return { sku: sku < 0 ? 0 : sku, quantity, width: cells.length };
}

/** Reads pasted or uploaded text into lines of SKU and quantity (see the module comment). */
export function parsePastedOrder(text: string): PastedOrder {
  const rows = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  const lines: PastedLine[] = [];
  let columns: Columns | null = null;
  let header = false;
  let first = true;
  rows.forEach((row, i) => {
    if (row.trim() === '') return;
    const separator = separatorOf(row);
    const cells = splitCells(row, separator);
    if (first) {
      first = false;
      columns = headerColumns(cells);
      if (columns) {
        header = true;
        return;
      }
    }
    const cols = columns as Columns | null;
    let sku: string;
    let quantityText: string;
    if (cols && cols.quantity >= 0) {
      sku = (cells[cols.sku] ?? '').trim();
      // The last column's quantity split at a comma ('1,000' unquoted) runs on into the cells after it.
      const rest = cols.quantity === cols.width - 1 ? cells.slice(cols.quantity) : [cells[cols.quantity] ?? ''];
      quantityText = quantityTextOf(rest, separator);
    } else {
      const at = cells.findIndex((c) => c.trim() !== '');
      sku = (cells[cols?.sku ?? at] ?? '').trim();
      quantityText = quantityTextOf(cells.slice((cols?.sku ?? at) + 1), separator);
    }
    lines.push({ line: i + 1, sku, quantity: parsePastedQuantity(quantityText), quantityText });
  });
  return { lines, header };
}
