import { describe, expect, it } from 'vitest';
import { CART_MESSAGES, parseQuickOrderCsv } from '@bulkparts/shared';
import { emptyRows, linesToSend, rowErrorsFromServer, rowsFromCsv } from './quick-order-rows';

describe('quick order rows', () => {
  it('numbers new rows after the last one', () => {
    expect(emptyRows(2, 5)).toEqual([
      { row: 6, sku: '', quantity: '' },
      { row: 7, sku: '', quantity: '' },
    ]);
  });

  it('keeps each CSV row its line number in the file and flags quantities that are not whole numbers', () => {
    const parsed = parseQuickOrderCsv('sku,quantity\nHB-M8,100\n\nXX-1,1.5\n');
    if ('error' in parsed) throw new Error(parsed.error);
    const { rows, errors } = rowsFromCsv(parsed.rows);
    expect(rows).toEqual([
      { row: 2, sku: 'HB-M8', quantity: '100' },
      { row: 4, sku: 'XX-1', quantity: '' },
    ]);
    expect(errors).toEqual([{ at: 1, field: 'quantity', message: 'Quantity must be a whole number of pieces' }]);
  });

  it('sends only filled rows, and says what is missing on a half-filled one', () => {
    const { lines, sentFrom, errors } = linesToSend([
      { row: 1, sku: '', quantity: '' },
      { row: 2, sku: ' HB-M8 ', quantity: '100' },
      { row: 3, sku: '', quantity: '60' },
      { row: 4, sku: 'BB-6204', quantity: '10' },
      { row: 5, sku: 'BB-6205', quantity: '50' },
    ]);
    expect(lines).toEqual([
      { sku: 'HB-M8', quantity: 100 },
      { sku: 'BB-6205', quantity: 50 },
    ]);
    expect(sentFrom).toEqual([1, 4]);
    expect(errors.map((e) => [e.at, e.field])).toEqual([
      [2, 'sku'],
      [3, 'quantity'],
    ]);
  });

  it("maps the server's refused lines back to the rows they came from", () => {
    const errors = rowErrorsFromServer(
      [
        { index: 1, sku: 'NOPE', message: CART_MESSAGES.unknownSku },
        { index: 0, sku: 'HB-M8', message: 'Only 20 Ps left in stock' },
        { sku: 'no index', message: 'ignored' },
      ],
      [3, 7],
    );
    expect(errors).toEqual([
      { at: 7, field: 'sku', message: CART_MESSAGES.unknownSku },
      { at: 3, field: 'quantity', message: 'Only 20 Ps left in stock' },
    ]);
  });
});
