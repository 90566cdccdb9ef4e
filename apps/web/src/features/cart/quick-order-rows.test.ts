import { describe, expect, it } from 'vitest';
import { CART_MESSAGES } from '@bulkparts/shared';
import { emptyRows, linesToSend, problemsFromServer, rowProblems, rowsAfterPaste, WHOLE_PIECES } from './quick-order-rows';

describe('quick order rows', () => {
  it('fills the grid from a paste: filled rows stay, the header is skipped, one empty row follows', () => {
    const current = [{ sku: 'AA-1', quantity: '60' }, ...emptyRows(4)];
    const pasted = rowsAfterPaste(current, 'SKU\tQty\nHB-M8\t1,000\nXX-1\t1.5\n');
    expect(pasted.read).toBe(2);
    expect(pasted.header).toBe(true);
    expect(pasted.rows).toEqual([
      { sku: 'AA-1', quantity: '60' },
      { sku: 'HB-M8', quantity: '1,000' },
      { sku: 'XX-1', quantity: '1.5' },
      { sku: '', quantity: '' },
    ]);
  });

  it('sends every row with a SKU, its quantity read as pieces, and remembers where each came from', () => {
    const { lines, sentFrom } = linesToSend([
      { sku: '', quantity: '' },
      { sku: ' HB-M8 ', quantity: '1,000' },
      { sku: '', quantity: '60' },
      { sku: 'BB-6204', quantity: 'ten' },
    ]);
    expect(lines).toEqual([
      { sku: 'HB-M8', quantity: 1000 },
      { sku: 'BB-6204', quantity: null },
    ]);
    expect(sentFrom).toEqual([1, 3]);
  });

  it("puts the grid's own problems first and the server's on the rows they came from", () => {
    const rows = [
      { sku: 'HB-M8', quantity: '100' },
      { sku: '', quantity: '60' },
      { sku: 'NOPE', quantity: '100' },
      { sku: 'BB-6204', quantity: '1.5' },
      { sku: 'FW-M8', quantity: '' },
    ];
    const server = problemsFromServer(
      [
        { index: 1, sku: 'NOPE', message: CART_MESSAGES.unknownSku, field: 'sku' },
        { index: 0, sku: 'HB-M8', message: 'Only 20 Ps left in stock' },
        { sku: 'no index', message: 'ignored' },
      ],
      [0, 2, 3, 4],
    );
    expect([...rowProblems(rows, server)]).toEqual([
      [0, { field: 'quantity', message: 'Only 20 Ps left in stock' }],
      [1, { field: 'sku', message: 'Enter a SKU' }],
      [2, { field: 'sku', message: CART_MESSAGES.unknownSku }],
      [3, { field: 'quantity', message: WHOLE_PIECES }],
      [4, { field: 'quantity', message: 'Enter a quantity' }],
    ]);
  });
});
