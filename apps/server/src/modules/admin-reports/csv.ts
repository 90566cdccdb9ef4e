/**
 * One CSV cell: quoted when it holds a comma, quote or line break; a cell that a spreadsheet would
 * read as a formula (= + - @, tab, CR) gets a leading apostrophe.
 */
export function csvCell(value: string | number | boolean | null | undefined): string {
  let s = value === null || value === undefined ? '' : String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export const csvRow = (cells: (string | number | boolean | null | undefined)[]): string => `${cells.map(csvCell).join(',')}\r\n`;
