import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAdmin, type SignedInUser } from '../helpers/factories.js';
import { createTestApp, engine, type TestApp } from '../helpers/test-app.js';
import { csvOf, exportCsv, HEADER, importCsv, productBySku, row } from './csv-helpers.js';

/**
 * Issue 32: a product's optional UNSPSC code (8 digits), written by the product API and the form,
 * carried by the CSV's optional `unspsc` column, answered with the product, and sent by punchout.
 */
let t: TestApp;
let admin: SignedInUser;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
  admin = await signUpAdmin(t.app);
});
afterAll(async () => t?.close());

const product = (sku: string, extra: Record<string, unknown> = {}) => ({
  sku,
  name: `Bolt ${sku}`,
  price: 0.5,
  minimumOrderQuantity: 50,
  availableQuantity: 500,
  img: 'https://example.com/bolt.png',
  ...extra,
});
const send = (method: 'POST' | 'PATCH', url: string, payload: object) => t.app.inject({ method, url, headers: { cookie: admin.cookie }, payload });

describe(`product UNSPSC code (${engine})`, () => {
  it('is written and answered by the product API; empty or null clears it', async () => {
    const created = await send('POST', '/api/service', product('UNSPSC-1', { unspsc: ' 31161600 ' }));
    expect(created.statusCode, created.body).toBe(201);
    const id = (created.json() as { _id: string; unspsc: string })._id;
    expect(created.json()).toMatchObject({ unspsc: '31161600' });
    expect((await t.app.inject({ url: `/api/service/${id}` })).json()).toMatchObject({ unspsc: '31161600' });
    expect((await send('PATCH', `/api/service/${id}`, { unspsc: '' })).json()).toMatchObject({ unspsc: null });
    expect((await send('PATCH', `/api/service/${id}`, { unspsc: '31161700' })).json()).toMatchObject({ unspsc: '31161700' });
    expect((await send('PATCH', `/api/service/${id}`, { unspsc: null })).json()).toMatchObject({ unspsc: null });
    const plain = await send('POST', '/api/service', product('UNSPSC-2'));
    expect(plain.json()).toMatchObject({ unspsc: null });
  });

  it('anything but 8 digits is a 400 naming unspsc', async () => {
    for (const unspsc of ['3116160', '311616000', '3116-1600', 'abcdefgh', 31161600]) {
      const res = await send('POST', '/api/service', product(`UNSPSC-BAD-${String(unspsc).length}`, { unspsc }));
      expect(res.statusCode, String(unspsc)).toBe(400);
      expect(res.json()).toMatchObject({ error: 'VALIDATION_FAILED', fields: { unspsc: expect.stringContaining('8-digit') } });
    }
  });

  it('the CSV column imports, exports and reads back; a file without it keeps each product’s code', async () => {
    const header = [...HEADER, 'unspsc'];
    const res = await importCsv(
      t.app,
      admin.cookie,
      csvOf(header, [
        [...row({ sku: 'CSV-UNSPSC-1' }), '31161600'],
        [...row({ sku: 'CSV-UNSPSC-2' }), ''],
      ]),
    );
    expect(res.statusCode, res.raw).toBe(200);
    expect(res.body).toEqual({ created: 2, updated: 0, errors: [] });
    expect(await productBySku(t, 'CSV-UNSPSC-1')).toMatchObject({ unspsc: '31161600' });
    expect(await productBySku(t, 'CSV-UNSPSC-2')).toMatchObject({ unspsc: null });

    const csv = await exportCsv(t.app, admin.cookie);
    const lines = csv.split('\r\n');
    const column = lines[0]!.split(',').indexOf('unspsc');
    expect(column).toBeGreaterThan(0);
    expect(lines.find((l) => l.startsWith('CSV-UNSPSC-1,'))!.split(',')[column]).toBe('31161600');
    const again = await importCsv(t.app, admin.cookie, csv);
    expect(again.statusCode, again.raw).toBe(200);
    expect(await exportCsv(t.app, admin.cookie)).toBe(csv);

    const without = await importCsv(t.app, admin.cookie, csvOf(HEADER, [row({ sku: 'CSV-UNSPSC-1', availableQuantity: 70 })]));
    expect(without.body).toEqual({ created: 0, updated: 1, errors: [] });
    expect(await productBySku(t, 'CSV-UNSPSC-1')).toMatchObject({ availableQuantity: 70, unspsc: '31161600' });

    const bad = await importCsv(t.app, admin.cookie, csvOf(header, [[...row({ sku: 'CSV-UNSPSC-3' }), '12']]));
    expect(bad.statusCode).toBe(400);
    expect(bad.body.errors).toEqual([{ row: 2, column: 'unspsc', message: expect.stringContaining('8-digit') }]);
  });
});
