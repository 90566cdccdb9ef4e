import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAdmin, type SignedInUser } from '../helpers/factories.js';
import { createTestApp, engine, type TestApp } from '../helpers/test-app.js';
import { csvOf, exportCsv, HEADER, importCsv, productBySku, row, type RowValues } from './csv-helpers.js';

/**
 * The CSV import/export's optional `lowStockThreshold` column (issue 19): empty is the shop-wide
 * setting (null), a file without the column keeps each existing product's own.
 */
let t: TestApp;
let admin: SignedInUser;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
  admin = await signUpAdmin(t.app);
});
afterAll(async () => t?.close());

const imp = (payload: string, dryRun = false) => importCsv(t.app, admin.cookie, payload, { dryRun });
const WITH_LOW = [...HEADER, 'lowStockThreshold'];
const withLow = (v: RowValues & { low?: string | number }) => [...row(v), String(v.low ?? '')];

describe(`CSV lowStockThreshold (${engine})`, () => {
  it('imports it (empty: the shop-wide setting), exports it in its cell, and the export imports back unchanged', async () => {
    const res = await imp(
      csvOf(WITH_LOW, [withLow({ sku: 'CSV-LOW-1', low: 25 }), withLow({ sku: 'CSV-LOW-2', low: '' }), withLow({ sku: 'CSV-LOW-3', low: ' 0 ' })]),
    );
    expect(res.statusCode, res.raw).toBe(200);
    expect(res.body).toEqual({ created: 3, updated: 0, errors: [] });
    expect(await productBySku(t, 'CSV-LOW-1')).toMatchObject({ lowStockThreshold: 25 });
    expect(await productBySku(t, 'CSV-LOW-2')).toMatchObject({ lowStockThreshold: null });
    expect(await productBySku(t, 'CSV-LOW-3')).toMatchObject({ lowStockThreshold: 0 });

    const csv = await exportCsv(t.app, admin.cookie);
    const lines = csv.split('\r\n');
    const column = lines[0]!.split(',').indexOf('lowStockThreshold');
    const cellOf = (sku: string) => lines.find((l) => l.startsWith(`${sku},`))!.split(',')[column];
    expect([cellOf('CSV-LOW-1'), cellOf('CSV-LOW-2'), cellOf('CSV-LOW-3')]).toEqual(['25', '', '0']);

    const again = await imp(csv);
    expect(again.statusCode, again.raw).toBe(200);
    expect(again.body.created).toBe(0);
    expect(await exportCsv(t.app, admin.cookie)).toBe(csv);
  });

  it('a file with the column sets it, an empty cell included; a file without it keeps each product’s own', async () => {
    await imp(csvOf(WITH_LOW, [withLow({ sku: 'CSV-LOW-4', low: 40 }), withLow({ sku: 'CSV-LOW-5', low: 40 })]));
    const cleared = await imp(csvOf([...HEADER, 'LOWSTOCKTHRESHOLD'], [withLow({ sku: 'CSV-LOW-5', low: '' })]));
    expect(cleared.statusCode, cleared.raw).toBe(200);
    expect(await productBySku(t, 'CSV-LOW-5')).toMatchObject({ lowStockThreshold: null });

    const old = await imp(csvOf(HEADER, [row({ sku: 'CSV-LOW-4', availableQuantity: 77 }), row({ sku: 'CSV-LOW-6' })]));
    expect(old.statusCode, old.raw).toBe(200);
    expect(old.body).toEqual({ created: 1, updated: 1, errors: [] });
    expect(await productBySku(t, 'CSV-LOW-4')).toMatchObject({ availableQuantity: 77, lowStockThreshold: 40 });
    expect(await productBySku(t, 'CSV-LOW-6')).toMatchObject({ lowStockThreshold: null });
  });

  it('a bad cell is named by its row and column, and nothing is imported', async () => {
    const res = await imp(
      csvOf(WITH_LOW, [withLow({ sku: 'CSV-LOW-BAD-1', low: -1 }), withLow({ sku: 'CSV-LOW-BAD-2', low: '1.5' }), withLow({ sku: 'CSV-LOW-BAD-3', low: 'x' })]),
    );
    expect(res.statusCode).toBe(400);
    expect(res.body.errors).toEqual([
      { row: 2, column: 'lowStockThreshold', message: 'Low-stock threshold cannot be negative (0 turns the alert off)' },
      { row: 3, column: 'lowStockThreshold', message: 'Low-stock threshold must be a whole number' },
      { row: 4, column: 'lowStockThreshold', message: 'Low-stock threshold must be a number, or empty (null) for the shop-wide setting' },
    ]);
    expect(await productBySku(t, 'CSV-LOW-BAD-1')).toBeUndefined();
  });
});
