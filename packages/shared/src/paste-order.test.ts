import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parsePastedOrder, parsePastedQuantity, splitCells } from './paste-order.js';

const pairs = (text: string) => parsePastedOrder(text).lines.map((l) => [l.sku, l.quantity]);

describe('the quick order paste parser', () => {
  it('reads what a spreadsheet copies: tab-separated, a header row skipped, thousands in the cell', () => {
    const copied = 'SKU\tDescription\tQty\r\nHB-M8\tHex bolt M8\t1,000\r\nHN-M10\tHex nut\t250\r\n';
    const parsed = parsePastedOrder(copied);
    expect(parsed.header).toBe(true);
    expect(parsed.lines).toEqual([
      { line: 2, sku: 'HB-M8', quantity: 1000, quantityText: '1,000' },
      { line: 3, sku: 'HN-M10', quantity: 250, quantityText: '250' },
    ]);
  });

  it('reads commas, semicolons and spaces, one separator per line', () => {
    expect(pairs('HB-M8,100\nHN-M10;250\nFW-M8 300\n  SC-M6   75  ')).toEqual([
      ['HB-M8', 100],
      ['HN-M10', 250],
      ['FW-M8', 300],
      ['SC-M6', 75],
    ]);
  });

  it('keeps "1,000" inside quotes as one quantity, and reads an unquoted 1,000 after the SKU the same', () => {
    expect(pairs('sku,quantity\nHB-M8,"1,000"\n"NUT ""A""";"2,500"\nHN-M10,1,000\nFW-M8 1 000')).toEqual([
      ['HB-M8', 1000],
      ['NUT "A"', 2500],
      ['HN-M10', 1000],
      ['FW-M8', 1000],
    ]);
  });

  it('takes the columns from the header, in any order', () => {
    expect(pairs('quantity,SKU\r\n100,hb-m8\n\n250 , "NUT-1"\n')).toEqual([
      ['hb-m8', 100],
      ['NUT-1', 250],
    ]);
    expect(pairs('Qty;Part number;Note\n50;HB-M8;urgent')).toEqual([['HB-M8', 50]]);
  });

  it('without a header: the SKU first, the quantity last, a unit dropped', () => {
    const parsed = parsePastedOrder('HB-M8\tHex bolt\t100\nHN-M10 250 pcs\nFW-M8,75 ps');
    expect(parsed.header).toBe(false);
    expect(parsed.lines.map((l) => [l.line, l.sku, l.quantity])).toEqual([
      [1, 'HB-M8', 100],
      [2, 'HN-M10', 250],
      [3, 'FW-M8', 75],
    ]);
  });

  it('reads a quantity that is not whole pieces as null, for the page to name', () => {
    expect(parsePastedOrder('HB-M8,1.5\nHN-M10,-3\nFW-M8,ten\nSC-M6\n').lines.map((l) => [l.sku, l.quantity, l.quantityText])).toEqual([
      ['HB-M8', null, '1.5'],
      ['HN-M10', null, '-3'],
      ['FW-M8', null, 'ten'],
      ['SC-M6', null, ''],
    ]);
  });

  it('reads grouped quantities and refuses malformed groups', () => {
    expect(parsePastedQuantity('1,000')).toBe(1000);
    expect(parsePastedQuantity("12'500")).toBe(12500);
    expect(parsePastedQuantity('1\u202f000')).toBe(1000);
    expect(parsePastedQuantity('1,00')).toBeNull();
    expect(parsePastedQuantity('1000,000,000')).toBeNull();
    expect(parsePastedQuantity('')).toBeNull();
  });

  it('splits cells outside quotes only', () => {
    expect(splitCells('"a,b",c', ',')).toEqual(['a,b', 'c']);
    expect(splitCells('a\t\tc', '\t')).toEqual(['a', '', 'c']);
  });

  it('finds every pasted SKU and quantity whatever the separator (property)', () => {
    const sku = fc.stringMatching(/^[A-Z][A-Z0-9-]{0,11}$/).filter((s) => !/^(SKU|PART|ITEM|CODE|MPN|QTY|COUNT|PCS|PS|PIECES?|STK)$/i.test(s));
    const row = fc.record({ sku, quantity: fc.integer({ min: 1, max: 999_999 }), sep: fc.constantFrom('\t', ',', ';', ' ') });
    fc.assert(
      fc.property(fc.array(row, { minLength: 1, maxLength: 20 }), fc.boolean(), (rows, withHeader) => {
        const text = (withHeader ? 'SKU\tQuantity\n' : '') + rows.map((r) => `${r.sku}${r.sep}${r.quantity}`).join('\n');
        expect(pairs(text)).toEqual(rows.map((r) => [r.sku, r.quantity]));
      }),
    );
  });
});
