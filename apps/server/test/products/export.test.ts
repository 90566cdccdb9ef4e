import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, signUpAdmin, type SignedInUser } from '../helpers/factories.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { allProducts, csvOf, exportCsv, HEADER, importCsv, productBySku, row, someCategory } from './csv-helpers.js';

let t: TestApp;
let admin: SignedInUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpAdmin(t.app);
});
afterAll(async () => t?.close());

const updatedAt = async () =>
  (await t.database.db.selectFrom('products').select(['id', 'updated_at']).orderBy('id').execute()).map((r) => `${r.id} ${r.updated_at}`);

describe('GET /api/service/export.csv', () => {
  it('anonymous 401, customer 403', async () => {
    expect((await t.app.inject({ url: '/api/service/export.csv' })).statusCode).toBe(401);
    const customer = await signUp(t.app);
    expect((await t.app.inject({ url: '/api/service/export.csv', headers: { cookie: customer.cookie } })).statusCode).toBe(403);
  });

  it('streams every product in the import format, archived ones too', async () => {
    const category = await someCategory(t.app);
    const header = [...HEADER, 'attr:Thread'];
    const res0 = await importCsv(
      t.app,
      admin.cookie,
      csvOf(header, [
        [...row({ sku: 'EXP-1', price: '12.5', category, images: 'https://example.com/2.png' }), 'M8'],
        [...row({ sku: 'EXP-2', price: '3' }), ''],
      ]),
    );
    expect(res0.statusCode, res0.raw).toBe(200);
    const archivedId = (await productBySku(t, 'EXP-2'))!._id;
    await t.database.db.updateTable('products').set({ archived: 1 }).where('id', '=', archivedId).execute();

    const res = await t.app.inject({ url: '/api/service/export.csv', headers: { cookie: admin.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="products.csv"');
    const lines = res.body.split('\r\n');
    const head = lines[0]!.split(',');
    expect(head.slice(0, HEADER.length)).toEqual(HEADER);
    expect(head).toContain('attr:Thread');
    // Then the bulk-pricing columns (issue 17), the low-stock threshold (issue 19), backorders (issue 31), the UNSPSC code (issue 32), the weight and the tax class (issue 30), then one column per specification.
    expect(head.slice(HEADER.length, HEADER.length + 9)).toEqual([
      'tiers',
      'orderMultiple',
      'lowStockThreshold',
      'backorderAllowed',
      'leadTimeDays',
      'nextRestockDate',
      'unspsc',
      'weightKg',
      'taxClass',
    ]);
    expect(head.slice(HEADER.length + 9).every((c) => c.startsWith('attr:'))).toBe(true);
    const count = Number(
      (
        await t.database.db
          .selectFrom('products')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(lines.filter(Boolean)).toHaveLength(count + 1);
    const thread = head.indexOf('attr:Thread');
    const exp1 = lines.find((l) => l.startsWith('EXP-1,'))!.split(',');
    expect(exp1.slice(0, HEADER.length)).toEqual([
      'EXP-1',
      'Part EXP-1',
      'Imported part',
      '12.50',
      '50',
      '1000',
      'Acme',
      category,
      'https://example.com/part.png',
      'https://example.com/2.png',
    ]);
    expect(exp1[thread]).toBe('M8');
    expect(lines.find((l) => l.startsWith('EXP-2,'))!.split(',')[3]).toBe('3.00');
  });

  it('guards formula cells like the orders export, and the import reads them back exactly', async () => {
    const texts = ['=SUM(A1:A9)', '-dash first', '+plus', '@at', "'=already quoted", "''-two apostrophes", "'plain apostrophe"];
    // Written through the API: in a CSV file a leading apostrophe before = + - @ is the guard itself.
    for (const [i, description] of texts.entries()) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/service',
        headers: { cookie: admin.cookie },
        payload: {
          ...{ sku: i === 0 ? '-FORMULA' : `FORMULA-${i}`, name: `Part ${i === 0 ? '-FORMULA' : `FORMULA-${i}`}`, description },
          ...{
            brand: i === 1 ? '=HYPERLINK("x")' : 'Acme',
            price: 1.25,
            minimumOrderQuantity: 50,
            availableQuantity: 1000,
            img: 'https://example.com/part.png',
          },
        },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const before = await Promise.all(texts.map((_, i) => productBySku(t, i === 0 ? '-FORMULA' : `FORMULA-${i}`)));
    const csv = await exportCsv(t.app, admin.cookie);
    expect(csv).toContain("-FORMULA,Part -FORMULA,'=SUM(A1:A9)");
    expect(csv).toContain(`FORMULA-1,Part FORMULA-1,'-dash first,1.25,50,1000,"'=HYPERLINK(""x"")"`);
    expect(csv).toContain(",''=already quoted,");
    expect(csv).toContain(",'''-two apostrophes,");
    expect(csv).toContain(",'plain apostrophe,");
    expect(csv.split('\r\n').every((l) => !/^[=+\-@]|,[=+\-@]/.test(l))).toBe(true);

    expect((await importCsv(t.app, admin.cookie, csv)).statusCode).toBe(200);
    const back = await Promise.all(texts.map((_, i) => productBySku(t, i === 0 ? '-FORMULA' : `FORMULA-${i}`)));
    expect(back.map((p) => p?.description)).toEqual(texts);
    expect(back).toEqual(before);
    expect(back[1]?.brand).toBe('=HYPERLINK("x")');
  });

  it('export → import of the same file: 0 created, N updated, nothing changes (byte for byte)', async () => {
    const before = await exportCsv(t.app, admin.cookie);
    const productsBefore = await allProducts(t);
    const stampsBefore = await updatedAt();
    const res = await importCsv(t.app, admin.cookie, before);
    expect(res.statusCode, res.raw).toBe(200);
    expect(res.body).toEqual({ created: 0, updated: productsBefore.length, errors: [] });
    expect(await exportCsv(t.app, admin.cookie)).toBe(before);
    expect(await allProducts(t)).toEqual(productsBefore);
    // Identical rows are not written at all.
    expect(await updatedAt()).toEqual(stampsBefore);
  });
});
