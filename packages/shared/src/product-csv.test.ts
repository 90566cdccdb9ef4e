import { describe, expect, it } from 'vitest';
import { PRODUCT_CSV_COLUMNS } from './catalog.js';
import {
  csvFormulaEscape,
  csvFormulaUnescape,
  detectCsvDelimiter,
  parseProductCsvHeader,
  PRODUCT_CSV_LOW_STOCK_COLUMN,
  PRODUCT_CSV_UNSPSC_COLUMN,
  PRODUCT_CSV_PRICING_COLUMNS,
} from './product-csv.js';

describe('parseProductCsvHeader', () => {
  it('reads fixed columns (any case, any order), images and attr:<Name>', () => {
    const { columns, errors } = parseProductCsvHeader(['images', ...[...PRODUCT_CSV_COLUMNS].reverse().map((c) => c.toUpperCase()), ' attr:Thread ']);
    expect(errors).toEqual([]);
    expect(columns[0]).toEqual({ kind: 'images', name: 'images' });
    expect(columns[1]).toEqual({ kind: 'field', name: 'img' });
    expect(columns.at(-1)).toEqual({ kind: 'attribute', name: 'Thread', column: 'attr:Thread' });
  });

  it('names unknown, repeated, empty and missing columns', () => {
    const { errors } = parseProductCsvHeader(['sku', 'sku', 'colour', 'attr:', '']);
    expect(errors.map((e) => e.column)).toEqual(['sku', 'colour', 'attr:', '', ...PRODUCT_CSV_COLUMNS.filter((c) => c !== 'sku')]);
    expect(errors[0]?.message).toBe('Column sku appears twice');
  });
});

describe('the bulk-pricing columns (tiers, orderMultiple)', () => {
  it('are read in any case and are optional', () => {
    const { columns, errors } = parseProductCsvHeader([...PRODUCT_CSV_COLUMNS, 'TIERS', 'ordermultiple']);
    expect(errors).toEqual([]);
    expect(columns.slice(-2)).toEqual([
      { kind: 'pricing', name: 'tiers' },
      { kind: 'pricing', name: 'orderMultiple' },
    ]);
    expect(parseProductCsvHeader([...PRODUCT_CSV_COLUMNS]).errors).toEqual([]);
    expect(PRODUCT_CSV_PRICING_COLUMNS).toEqual(['tiers', 'orderMultiple']);
  });

  it('may appear once each', () => {
    const { errors } = parseProductCsvHeader([...PRODUCT_CSV_COLUMNS, 'tiers', 'Tiers']);
    expect(errors).toEqual([{ column: 'tiers', message: 'Column tiers appears twice' }]);
  });

  it('are named when a column is unknown', () => {
    const { errors } = parseProductCsvHeader([...PRODUCT_CSV_COLUMNS, 'tier']);
    expect(errors[0]?.message).toMatch(
      /^Unknown column tier: the columns are .*images, tiers, orderMultiple, lowStockThreshold, backorderAllowed, leadTimeDays, nextRestockDate, unspsc, weightKg, taxClass and attr:<Name>$/,
    );
  });
});

describe('the low-stock column (lowStockThreshold, issue 19)', () => {
  it('is read in any case, is optional and may appear once', () => {
    const { columns, errors } = parseProductCsvHeader([...PRODUCT_CSV_COLUMNS, 'LowStockThreshold']);
    expect(errors).toEqual([]);
    expect(columns.at(-1)).toEqual({ kind: 'lowStock', name: PRODUCT_CSV_LOW_STOCK_COLUMN });
    expect(parseProductCsvHeader([...PRODUCT_CSV_COLUMNS, 'lowStockThreshold', 'lowstockthreshold']).errors).toEqual([
      { column: 'lowStockThreshold', message: 'Column lowStockThreshold appears twice' },
    ]);
  });
});

describe('the UNSPSC column (unspsc, issue 32)', () => {
  it('is read in any case, is optional and may appear once', () => {
    const { columns, errors } = parseProductCsvHeader([...PRODUCT_CSV_COLUMNS, 'UNSPSC']);
    expect(errors).toEqual([]);
    expect(columns.at(-1)).toEqual({ kind: 'unspsc', name: PRODUCT_CSV_UNSPSC_COLUMN });
    expect(parseProductCsvHeader([...PRODUCT_CSV_COLUMNS, 'unspsc', 'Unspsc']).errors).toEqual([{ column: 'unspsc', message: 'Column unspsc appears twice' }]);
  });
});

describe('detectCsvDelimiter', () => {
  it('picks the separator used outside quotes', () => {
    expect(detectCsvDelimiter('sku,name,price')).toBe(',');
    expect(detectCsvDelimiter('sku;name;price')).toBe(';');
    expect(detectCsvDelimiter('"a;b;c",name')).toBe(',');
  });
});

describe('csv formula guard', () => {
  it.each(['=SUM(A1)', '-5', '+1', '@x', "'=x", "''-y", "'plain", 'plain', '', "'"])('%j round-trips', (value) => {
    expect(csvFormulaUnescape(csvFormulaEscape(value))).toBe(value);
  });

  it('guards cells a spreadsheet would run', () => {
    expect(csvFormulaEscape('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(csvFormulaEscape("'=x")).toBe("''=x");
    expect(csvFormulaEscape("'plain")).toBe("'plain");
  });
});
