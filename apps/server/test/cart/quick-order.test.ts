import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CART_MESSAGES, MESSAGES, type ApiError, type CartPreview } from '@bulkparts/shared';
import { cartClient, insertProducts, type TestProduct } from '../helpers/cart.js';
import { signUp } from '../helpers/factories.js';
import { createTestApp, engine, type TestApp } from '../helpers/test-app.js';

/**
 * Issue 33: quick order from a spreadsheet. Every bad row is named at once with the product's own
 * rule (its minimum, its pack multiple, its stock), and the preview says the same before anything is added.
 */
let t: TestApp;
let p: TestProduct[];

beforeAll(async () => {
  t = await createTestApp();
  p = await insertProducts(t.database, 6, { stock: 2000 });
  // p[0]: minimum 100 (the bug: the CSV path quoted the shop's 50); p[1]: packs of 25; p[2]: 120 in stock; p[3]: archived.
  const set = (id: string, values: Record<string, number>) => t.database.db.updateTable('products').set(values).where('id', '=', id).execute();
  await set(p[0]!.id, { minimum_order_quantity: 100 });
  await set(p[1]!.id, { order_multiple: 25 });
  await set(p[2]!.id, { available_quantity: 120 });
  await set(p[3]!.id, { archived: 1 });
});
afterAll(async () => t?.close());

describe(`quick order (${engine})`, () => {
  it("names every bad line at once, each by the product's own rule, and adds nothing", async () => {
    const c = cartClient(t.app, await signUp(t.app));
    const res = await c.add([
      { sku: p[4]!.sku, quantity: 100 },
      { sku: p[0]!.sku, quantity: 60 },
      { sku: p[1]!.sku, quantity: 110 },
      { sku: p[2]!.sku, quantity: 500 },
      { sku: p[3]!.sku, quantity: 100 },
      { sku: 'NOT-A-PART', quantity: 100 },
      { sku: p[5]!.sku, quantity: 2000 },
    ]);
    expect(res.statusCode).toBe(400);
    expect((res.json() as ApiError).lines).toEqual([
      { index: 1, sku: p[0]!.sku, message: '❌ Minimum order 100 ps', field: 'quantity' },
      { index: 2, sku: p[1]!.sku, message: 'Order in multiples of 25 Ps', field: 'quantity' },
      { index: 3, sku: p[2]!.sku, message: 'Only 120 Ps left in stock', field: 'quantity' },
      { index: 4, sku: p[3]!.sku, message: MESSAGES.productUnavailable, field: 'sku' },
      { index: 5, sku: 'NOT-A-PART', message: CART_MESSAGES.unknownSku, field: 'sku' },
      { index: 6, sku: p[5]!.sku, message: MESSAGES.quantityMax, field: 'quantity' },
    ]);
    expect((await c.cart()).count).toBe(0);
  });

  it("previews names, the caller's price per piece and the same problems, and writes nothing", async () => {
    const c = cartClient(t.app, await signUp(t.app));
    await c.put(p[2]!.id, 100);
    const res = await c.preview([
      { sku: p[4]!.sku.toLowerCase(), quantity: 200 },
      { sku: p[0]!.sku, quantity: 60 },
      // 100 held + 50 more is past the 120 in stock: the add would refuse it too
      { sku: p[2]!.sku, quantity: 50 },
      { sku: 'NOT-A-PART', quantity: 100 },
      { sku: p[5]!.sku, quantity: null },
    ]);
    expect(res.statusCode).toBe(200);
    const preview = res.json() as CartPreview;
    expect(preview.lines.map((l) => [l.index, l.name, l.unitPrice, l.lineTotal, l.problem, l.field])).toEqual([
      [0, p[4]!.name, p[4]!.priceCents / 100, (p[4]!.priceCents * 200) / 100, null, null],
      [1, p[0]!.name, p[0]!.priceCents / 100, (p[0]!.priceCents * 60) / 100, '❌ Minimum order 100 ps', 'quantity'],
      [2, p[2]!.name, p[2]!.priceCents / 100, (p[2]!.priceCents * 50) / 100, 'Only 120 Ps left in stock', 'quantity'],
      [3, null, null, null, CART_MESSAGES.unknownSku, 'sku'],
      [4, p[5]!.name, null, null, MESSAGES.quantityRequired, 'quantity'],
    ]);
    expect(preview.problems).toBe(4);
    expect(preview.subtotal).toBe((p[4]!.priceCents * 200) / 100);
    expect((await c.cart()).lines.map((l) => [l.productId, l.quantity])).toEqual([[p[2]!.id, 100]]);
  });

  it('adds lines pasted with the same SKU twice as one line, once every line is right', async () => {
    const c = cartClient(t.app, await signUp(t.app));
    const res = await c.add([
      { sku: p[0]!.sku, quantity: 100 },
      { sku: p[1]!.sku, quantity: 100 },
      { sku: p[0]!.sku.toLowerCase(), quantity: 150 },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect((await c.cart()).lines.map((l) => [l.sku, l.quantity])).toEqual([
      [p[0]!.sku, 250],
      [p[1]!.sku, 100],
    ]);
  });

  it('refuses a malformed preview body naming the field', async () => {
    const c = cartClient(t.app, await signUp(t.app));
    expect((await c.preview('nope')).json().fields).toHaveProperty('lines');
    expect((await c.preview([])).statusCode).toBe(400);
  });
});
