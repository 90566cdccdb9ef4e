import { Readable } from 'node:stream';
import { sql } from 'kysely';
import { PRODUCT_IMPORT_MAX_BYTES } from '@bulkparts/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, signUpAdmin, type SignedInUser } from '../helpers/factories.js';
import { createTestApp, engine, type TestApp } from '../helpers/test-app.js';
import { csvLine, csvOf, exportCsv, HEADER, importCsv, productBySku, row, someCategory } from './csv-helpers.js';

let t: TestApp;
let admin: SignedInUser;
let customer: SignedInUser;
let category: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpAdmin(t.app);
  customer = await signUp(t.app);
  category = await someCategory(t.app);
});
afterAll(async () => t?.close());

const imp = (payload: string | Buffer, opts?: Parameters<typeof importCsv>[3]) => importCsv(t.app, admin.cookie, payload, opts);
const productCount = async () =>
  Number(
    (
      await t.database.db
        .selectFrom('products')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('POST /api/service/import: access and the request', () => {
  it('anonymous 401, customer 403, before the body is looked at', async () => {
    const csv = csvOf(HEADER, [row({ sku: 'ACCESS-1' })]);
    const anon = await t.app.inject({ method: 'POST', url: '/api/service/import?dryRun=true', headers: { 'content-type': 'text/csv' }, payload: csv });
    expect(anon.statusCode).toBe(401);
    expect((await importCsv(t.app, customer.cookie, csv, { dryRun: true })).statusCode).toBe(403);
  });

  it('a JSON body → 415 JSON; an empty body → 400', async () => {
    const json = await t.app.inject({ method: 'POST', url: '/api/service/import?dryRun=true', headers: { cookie: admin.cookie }, payload: { sku: 'X' } });
    expect(json.statusCode).toBe(415);
    expect(json.json()).toMatchObject({ error: 'UNSUPPORTED_MEDIA_TYPE' });
    const empty = await imp('', { dryRun: true });
    expect(empty.statusCode).toBe(400);
    expect(empty.body.message).toMatch(/empty/);
    const none = await t.app.inject({ method: 'POST', url: '/api/service/import?dryRun=false', headers: { cookie: admin.cookie } });
    expect(none.statusCode).toBe(415);
  });

  it('dryRun is required and must be true or false', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/service/import', headers: { cookie: admin.cookie, 'content-type': 'text/csv' }, payload: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'VALIDATION_FAILED', fields: { dryRun: expect.any(String) } });
  });

  it('accepts application/csv and text/plain', async () => {
    const csv = csvOf(HEADER, [row({ sku: 'TYPE-1' })]);
    for (const type of ['application/csv', 'text/plain; charset=utf-8']) {
      const res = await imp(csv, { dryRun: true, contentType: type });
      expect(res.statusCode, res.raw).toBe(200);
      expect(res.body).toEqual({ created: 1, updated: 0, errors: [] });
    }
  });

  it('a body past the limit → 413 JSON, nothing written', async () => {
    const before = await productCount();
    const chunk = Buffer.alloc(1024 * 1024, 'a');
    const chunks = Math.ceil(PRODUCT_IMPORT_MAX_BYTES / chunk.length) + 1;
    const body = Readable.from(
      (function* () {
        yield Buffer.from(csvLine(HEADER));
        for (let i = 0; i < chunks; i++) yield chunk;
      })(),
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/service/import?dryRun=false',
      headers: { cookie: admin.cookie, 'content-type': 'text/csv' },
      payload: body,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ error: 'PAYLOAD_TOO_LARGE' });
    expect(await productCount()).toBe(before);
  });
});

describe('POST /api/service/import: rows', () => {
  it('dry run counts and writes nothing (the export is byte for byte the same)', async () => {
    const before = await exportCsv(t.app, admin.cookie);
    const existing = before.split('\r\n')[1]!.split(',')[0]!;
    const csv = csvOf(HEADER, [row({ sku: 'DRY-1' }), row({ sku: 'DRY-2' }), row({ sku: existing })]);
    const res = await imp(csv, { dryRun: true });
    expect(res.statusCode, res.raw).toBe(200);
    expect(res.body).toEqual({ created: 2, updated: 1, errors: [] });
    expect(await exportCsv(t.app, admin.cookie)).toBe(before);
    expect(await productBySku(t, 'DRY-1')).toBeUndefined();
  });

  it('creates and updates by SKU, case-insensitively; the product reads back as imported', async () => {
    const first = await imp(csvOf(HEADER, [row({ sku: 'imp-case-1', price: '12.5', category }), row({ sku: 'IMP-CASE-2' })]));
    expect(first.statusCode, first.raw).toBe(200);
    expect(first.body).toEqual({ created: 2, updated: 0, errors: [] });
    const created = await productBySku(t, 'IMP-CASE-1');
    expect(created).toMatchObject({
      sku: 'IMP-CASE-1',
      name: 'Part imp-case-1',
      price: 12.5,
      minimumOrderQuantity: 50,
      availableQuantity: 1000,
      brand: 'Acme',
      category,
    });
    expect(created?.images).toEqual(['https://example.com/part.png']);

    const again = await imp(csvOf(HEADER, [row({ sku: 'Imp-Case-1', name: 'Renamed part', availableQuantity: 7, category: '' })]));
    expect(again.body).toEqual({ created: 0, updated: 1, errors: [] });
    const updated = await productBySku(t, 'IMP-CASE-1');
    expect(updated).toMatchObject({ _id: created!._id, name: 'Renamed part', availableQuantity: 7, category: null, archived: false });
  });

  it('reads a UTF-8 BOM and semicolons', async () => {
    const text = '\uFEFF' + [HEADER, row({ sku: 'SEMI-1', name: 'Mutter, verzinkt', price: '0.35' })].map((r) => csvLine(r, ';')).join('');
    const res = await imp(Buffer.from(text, 'utf8'));
    expect(res.statusCode, res.raw).toBe(200);
    expect(res.body.created).toBe(1);
    expect(await productBySku(t, 'SEMI-1')).toMatchObject({ name: 'Mutter, verzinkt', price: 0.35 });
  });

  it('quoted cells keep commas, quotes and line breaks; rows after them keep their line numbers', async () => {
    const description = 'Line one, with a comma\r\nLine "two"\r\nLine three';
    const csv = csvOf(HEADER, [row({ sku: 'QUOTE-1', description }), row({ sku: 'QUOTE-2', price: 'abc' })]);
    const dry = await imp(csv, { dryRun: true });
    // QUOTE-1 spans lines 2–4, so QUOTE-2 is on line 5.
    expect(dry.body.errors).toEqual([{ row: 5, column: 'price', message: 'Price must be a number' }]);
    const ok = await imp(csvOf(HEADER, [row({ sku: 'QUOTE-1', description })]));
    expect(ok.statusCode, ok.raw).toBe(200);
    expect((await productBySku(t, 'QUOTE-1'))?.description).toBe(description);
  });

  it('attr:<Name> columns are specifications; an empty cell means none; the index tables follow', async () => {
    const header = [...HEADER, 'attr:Thread', 'attr:Length'];
    const res = await imp(
      csvOf(header, [
        [...row({ sku: 'ATTR-1', images: 'https://example.com/b.png|https://example.com/c.png' }), 'M8', '40 mm'],
        [...row({ sku: 'ATTR-2' }), '', '25 mm'],
      ]),
    );
    expect(res.statusCode, res.raw).toBe(200);
    const one = await productBySku(t, 'ATTR-1');
    expect(one?.attributes).toEqual({ Thread: 'M8', Length: '40 mm' });
    expect(one?.images).toEqual(['https://example.com/part.png', 'https://example.com/b.png', 'https://example.com/c.png']);
    expect((await productBySku(t, 'ATTR-2'))?.attributes).toEqual({ Length: '25 mm' });
    const rows = await t.database.db.selectFrom('product_attributes').select(['name', 'value']).where('product_id', '=', one!._id).orderBy('name').execute();
    expect(rows).toEqual([
      { name: 'Length', value: '40 mm' },
      { name: 'Thread', value: 'M8' },
    ]);
    // Dropping a specification from the file drops it from the product (attributes are replaced).
    await imp(csvOf(header, [[...row({ sku: 'ATTR-1' }), '', '45 mm']]));
    expect((await productBySku(t, 'ATTR-1'))?.attributes).toEqual({ Length: '45 mm' });
  });

  it('the search index sees imported products', async () => {
    const res = await imp(csvOf(HEADER, [row({ sku: 'FTSNEWSKU9', name: 'Zirconium widget' })]));
    expect(res.statusCode, res.raw).toBe(200);
    const id = (await productBySku(t, 'FTSNEWSKU9'))!._id;
    if (engine === 'sqlite') {
      const hits = await sql<{ product_id: string }>`select product_id from products_fts where products_fts match ${'{sku name} : "zirconium"'}`.execute(
        t.database.db,
      );
      expect(hits.rows.map((r) => r.product_id)).toContain(id);
    } else {
      const hits = await sql<{ id: string }>`select id from products where search_vector @@ to_tsquery('simple', 'zirconium')`.execute(t.database.db);
      expect(hits.rows.map((r) => r.id)).toContain(id);
    }
  });

  it('an archived product matched by SKU is updated and stays archived', async () => {
    await imp(csvOf(HEADER, [row({ sku: 'ARCH-1' })]));
    const id = (await productBySku(t, 'ARCH-1'))!._id;
    await t.database.db.updateTable('products').set({ archived: 1 }).where('id', '=', id).execute();
    const res = await imp(csvOf(HEADER, [row({ sku: 'ARCH-1', name: 'Archived but renamed' })]));
    expect(res.body).toEqual({ created: 0, updated: 1, errors: [] });
    expect(await productBySku(t, 'ARCH-1')).toMatchObject({ name: 'Archived but renamed', archived: true });
  });
});

describe('POST /api/service/import: refused files', () => {
  it('one bad row among 1,000 → 400 naming row and column; nothing written', async () => {
    const before = await exportCsv(t.app, admin.cookie);
    const rows = Array.from({ length: 1000 }, (_, i) => row({ sku: `BULK-${i}`, minimumOrderQuantity: i === 500 ? 'lots' : 50 }));
    const res = await imp(csvOf(HEADER, rows));
    expect(res.statusCode).toBe(400);
    expect(res.body).toMatchObject({ error: 'VALIDATION_FAILED', created: 999, updated: 0 });
    // Row 502: the header is row 1, BULK-0 row 2.
    expect(res.body.errors).toEqual([{ row: 502, column: 'minimumOrderQuantity', message: 'Minimum order quantity must be a number' }]);
    expect(await exportCsv(t.app, admin.cookie)).toBe(before);
  });

  it('the same rules as the API, each error naming its column', async () => {
    const res = await imp(
      csvOf(HEADER, [
        row({ sku: 'RULE-1', price: '0' }),
        row({ sku: 'RULE-2', price: '1.23456' }),
        row({ sku: 'RULE-3', minimumOrderQuantity: '1.5' }),
        row({ sku: 'RULE 4' }),
        row({ sku: 'RULE-5', img: 'ftp://nope', name: '' }),
        row({ sku: 'RULE-6', category: 'Not A Slug' }),
      ]),
      { dryRun: true },
    );
    expect(res.statusCode).toBe(200);
    expect(res.body.errors).toEqual([
      { row: 2, column: 'price', message: 'Price must be more than 0' },
      { row: 3, column: 'price', message: 'Price can have at most 4 decimals' },
      { row: 4, column: 'minimumOrderQuantity', message: 'Minimum order quantity must be a whole number' },
      { row: 5, column: 'sku', message: expect.stringMatching(/SKU may contain only/) },
      { row: 6, column: 'name', message: 'Name is required' },
      { row: 6, column: 'img', message: 'Image must be an http(s) URL or an uploaded image' },
      { row: 7, column: 'category', message: expect.stringMatching(/category slug/) },
    ]);
  });

  it('an unknown column and a missing column are errors on row 1', async () => {
    const unknown = await imp(csvOf([...HEADER, 'colour'], [[...row({ sku: 'COL-1' }), 'red']]), { dryRun: true });
    expect(unknown.body.errors).toEqual([{ row: 1, column: 'colour', message: expect.stringMatching(/Unknown column colour/) }]);
    const missing = await imp(
      csvOf(
        HEADER.filter((c) => c !== 'brand'),
        [row({ sku: 'COL-2' }).filter((_, i) => HEADER[i] !== 'brand')],
      ),
    );
    expect(missing.statusCode).toBe(400);
    expect(missing.body.errors).toEqual([{ row: 1, column: 'brand', message: 'Column brand is missing' }]);
  });

  it('columns may come in any order', async () => {
    const order = [...HEADER].reverse();
    const values = row({ sku: 'ORDER-1', name: 'Reversed' });
    const res = await imp(csvOf(order, [[...values].reverse()]));
    expect(res.body).toEqual({ created: 1, updated: 0, errors: [] });
    expect((await productBySku(t, 'ORDER-1'))?.name).toBe('Reversed');
  });

  it('the same SKU twice (any case) is an error on the second row', async () => {
    const res = await imp(csvOf(HEADER, [row({ sku: 'TWICE-1' }), row({ sku: 'other-1' }), row({ sku: 'twice-1' })]));
    expect(res.statusCode).toBe(400);
    expect(res.body.errors).toEqual([{ row: 4, column: 'sku', message: 'SKU TWICE-1 is already on row 2 of this file' }]);
    expect(await productBySku(t, 'TWICE-1')).toBeUndefined();
  });

  it('an unknown category is an error', async () => {
    const res = await imp(csvOf(HEADER, [row({ sku: 'CAT-1', category: 'no-such-category' })]));
    expect(res.statusCode).toBe(400);
    expect(res.body.errors).toEqual([{ row: 2, column: 'category', message: 'Category no-such-category does not exist' }]);
  });

  it('a row with the wrong number of cells, an unclosed quote, a NUL', async () => {
    const csv = csvOf(HEADER, [row({ sku: 'SHAPE-1' }).slice(0, 5), row({ sku: 'NUL-1', name: 'a\u0000b' })]) + 'SHAPE-2,"unclosed\r\n';
    const res = await imp(csv, { dryRun: true });
    expect(res.body.errors).toEqual([
      { row: 2, column: '', message: 'This row has 5 cells; the header has 10' },
      { row: 3, column: 'name', message: 'Contains a NUL character' },
      { row: 4, column: '', message: expect.stringMatching(/not valid CSV/) },
    ]);
  });
});
