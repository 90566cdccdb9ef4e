import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAdmin, type SignedInUser } from '../helpers/factories.js';
import { createTestApp, engine, type TestApp } from '../helpers/test-app.js';
import { csvOf, exportCsv, HEADER, importCsv, productBySku, row, type RowValues } from './csv-helpers.js';

/**
 * The CSV import/export's `tiers` ('200:0.15|500:0.12') and `orderMultiple` columns (issue 17):
 * round trip, a bad cell named by row and column, and files without them (written before them).
 */
let t: TestApp;
let admin: SignedInUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpAdmin(t.app);
});
afterAll(async () => t?.close());

const imp = (payload: string, dryRun = false) => importCsv(t.app, admin.cookie, payload, { dryRun });
const PRICED = [...HEADER, 'tiers', 'orderMultiple'];
const priced = (v: RowValues & { tiers?: string; orderMultiple?: string | number }) => [...row(v), v.tiers ?? '', String(v.orderMultiple ?? '')];
const TIERS = [
  { minQuantity: 200, price: 0.15 },
  { minQuantity: 500, price: 0.12 },
];

describe(`CSV tiers and orderMultiple (${engine})`, () => {
  it('imports them, exports them in the same cells, and the export imports back unchanged', async () => {
    const res = await imp(
      csvOf(PRICED, [
        priced({ sku: 'CSV-TIER-1', price: '0.18', tiers: '200:0.15|500:0.12', orderMultiple: 25 }),
        priced({ sku: 'CSV-TIER-2', price: '0.18', tiers: ' 200 : $0.15 ', orderMultiple: '' }),
      ]),
    );
    expect(res.statusCode, res.raw).toBe(200);
    expect(res.body).toEqual({ created: 2, updated: 0, errors: [] });
    expect(await productBySku(t, 'CSV-TIER-1')).toMatchObject({ price: 0.18, priceTiers: TIERS, orderMultiple: 25 });
    expect(await productBySku(t, 'CSV-TIER-2')).toMatchObject({ priceTiers: [TIERS[0]], orderMultiple: 1 });

    const csv = await exportCsv(t.app, admin.cookie);
    const lines = csv.split('\r\n');
    const head = lines[0]!.split(',');
    const cellsOf = (sku: string) => lines.find((l) => l.startsWith(`${sku},`))!.split(',');
    expect(cellsOf('CSV-TIER-1')[head.indexOf('tiers')]).toBe('200:0.15|500:0.12');
    expect(cellsOf('CSV-TIER-1')[head.indexOf('orderMultiple')]).toBe('25');
    expect(cellsOf('CSV-TIER-2')[head.indexOf('tiers')]).toBe('200:0.15');
    expect(cellsOf('CSV-TIER-2')[head.indexOf('orderMultiple')]).toBe('1');

    const again = await imp(csv);
    expect(again.statusCode, again.raw).toBe(200);
    expect(again.body.created).toBe(0);
    expect(await exportCsv(t.app, admin.cookie)).toBe(csv);
  });

  it('an empty tiers cell clears the tiers; the column names are any case', async () => {
    await imp(csvOf(PRICED, [priced({ sku: 'CSV-TIER-3', price: '0.18', tiers: '200:0.15' })]));
    const res = await imp(csvOf([...HEADER, 'TIERS'], [[...row({ sku: 'CSV-TIER-3', price: '0.18' }), '']]));
    expect(res.statusCode, res.raw).toBe(200);
    expect(await productBySku(t, 'CSV-TIER-3')).toMatchObject({ priceTiers: [], orderMultiple: 1 });
  });

  it('a bad cell is named by its row and column, and nothing is imported', async () => {
    const res = await imp(
      csvOf(PRICED, [
        priced({ sku: 'CSV-BAD-1', price: '0.18', tiers: 'abc' }),
        priced({ sku: 'CSV-BAD-2', price: '0.18', tiers: '500:0.12|200:0.15' }),
        priced({ sku: 'CSV-BAD-3', price: '0.18', tiers: '200:0.18' }),
        priced({ sku: 'CSV-BAD-4', price: '0.18', tiers: '200:0.15|500:0.15' }),
        priced({ sku: 'CSV-BAD-5', price: '0.18', orderMultiple: 'x' }),
        priced({ sku: 'CSV-BAD-6', price: '0.18', orderMultiple: '0' }),
        priced({ sku: 'CSV-BAD-7', price: '0.18', minimumOrderQuantity: 900, orderMultiple: '600' }),
        priced({ sku: 'CSV-BAD-8', price: '0.18', tiers: '200:0.15555' }),
      ]),
    );
    expect(res.statusCode).toBe(400);
    expect(res.body.errors).toEqual([
      { row: 2, column: 'tiers', message: 'Tiers must look like 200:0.15|500:0.0125 ($ per piece from a quantity, at most 4 decimals)' },
      { row: 3, column: 'tiers', message: 'Tier quantities must go up from one tier to the next' },
      { row: 4, column: 'tiers', message: 'The first tier must be cheaper than the price' },
      { row: 5, column: 'tiers', message: 'Each tier must be cheaper than the one before' },
      { row: 6, column: 'orderMultiple', message: 'Order multiple must be a number' },
      { row: 7, column: 'orderMultiple', message: 'Order multiple must be at least 1' },
      { row: 8, column: 'orderMultiple', message: 'With a minimum of 900, a multiple of 600 makes the smallest order more than 1000 pieces' },
      { row: 9, column: 'tiers', message: 'Tiers must look like 200:0.15|500:0.0125 ($ per piece from a quantity, at most 4 decimals)' },
    ]);
    expect(await productBySku(t, 'CSV-BAD-1')).toBeUndefined();
  });

  it('a file without the columns still imports: new products get none, existing ones keep theirs', async () => {
    await imp(csvOf(PRICED, [priced({ sku: 'CSV-OLD-1', price: '0.18', tiers: '200:0.15|500:0.12', orderMultiple: 25 })]));
    const res = await imp(csvOf(HEADER, [row({ sku: 'CSV-OLD-1', price: '0.20', availableQuantity: 77 }), row({ sku: 'CSV-OLD-2' })]));
    expect(res.statusCode, res.raw).toBe(200);
    expect(res.body).toEqual({ created: 1, updated: 1, errors: [] });
    expect(await productBySku(t, 'CSV-OLD-1')).toMatchObject({ price: 0.2, availableQuantity: 77, priceTiers: TIERS, orderMultiple: 25 });
    expect(await productBySku(t, 'CSV-OLD-2')).toMatchObject({ priceTiers: [], orderMultiple: 1 });
  });

  it('a file without the columns cannot take a price or minimum past the kept tiers or multiple (dry run says so too)', async () => {
    await imp(csvOf(PRICED, [priced({ sku: 'CSV-OLD-3', price: '0.18', tiers: '200:0.15', orderMultiple: 300 })]));
    const csv = csvOf(HEADER, [row({ sku: 'CSV-OLD-3', price: '0.15' }), row({ sku: 'CSV-OLD-4', price: '0.15' })]);
    const expected = [
      { row: 2, column: 'price', message: 'The first tier must be cheaper than the price (the product keeps its tiers: this file has no tiers column)' },
    ];
    const dry = await imp(csv, true);
    expect(dry.statusCode).toBe(200);
    expect(dry.body.errors).toEqual(expected);
    const res = await imp(csv);
    expect(res.statusCode).toBe(400);
    expect(res.body.errors).toEqual(expected);
    expect(await productBySku(t, 'CSV-OLD-4')).toBeUndefined();

    // With the tiers column but not the multiple: the kept multiple is checked against the minimum.
    const multiple = await imp(csvOf([...HEADER, 'tiers'], [[...row({ sku: 'CSV-OLD-3', price: '0.18', minimumOrderQuantity: 950 }), '200:0.15']]));
    expect(multiple.statusCode).toBe(400);
    expect(multiple.body.errors).toEqual([
      {
        row: 2,
        column: 'minimumOrderQuantity',
        message:
          'With a minimum of 950, a multiple of 300 makes the smallest order more than 1000 pieces (the product keeps it: this file has no orderMultiple column)',
      },
    ]);
    expect(await productBySku(t, 'CSV-OLD-3')).toMatchObject({ price: 0.18, minimumOrderQuantity: 50, priceTiers: [TIERS[0]], orderMultiple: 300 });
  });
});
