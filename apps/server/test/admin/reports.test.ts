import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminOverview, Product } from '@bulkparts/shared';
import { csvCell } from '../../src/modules/admin-reports/csv.js';
import { signUp, signUpAdmin, type SignedInUser } from '../helpers/factories.js';
import { insertOrderRow } from '../helpers/order-rows.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let admin: SignedInUser;
let buyer: SignedInUser;
let product: Product;

function insertOrder(opts: { status: string; email: string; name: string; totalCents: number; createdAt?: string }) {
  const { name, ...rest } = opts;
  return insertOrderRow(t.database, {
    ...rest,
    productId: product._id,
    productName: name,
    productImg: product.img,
    buyer,
    unitPriceCents: opts.totalCents / 100,
    quantity: 100,
  });
}

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  admin = await signUpAdmin(t.app);
  buyer = await signUp(t.app);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/service',
    headers: { cookie: admin.cookie },
    payload: { sku: 'HN-M8-LOW', name: 'Hex Nut M8', price: 1, minimumOrderQuantity: 100, availableQuantity: 150, img: 'https://example.com/n.jpg' },
  });
  product = res.json() as Product;
  await insertOrder({ status: 'paid', email: buyer.email, name: 'Hex Nut M8', totalCents: 10000 });
  await insertOrder({ status: 'shipped', email: buyer.email, name: 'Hex Nut M8', totalCents: 20000 });
  await insertOrder({ status: 'delivered', email: 'other@example.com', name: '=HYPERLINK("x")', totalCents: 5000 });
  await insertOrder({ status: 'pending', email: buyer.email, name: 'Hex Nut M8', totalCents: 999900 });
  await insertOrder({ status: 'refunded', email: buyer.email, name: 'Hex Nut M8', totalCents: 777700 });
  await insertOrder({ status: 'paid', email: buyer.email, name: 'Old, "quoted"', totalCents: 100, createdAt: '2020-01-01T00:00:00.000Z' });
});
afterAll(async () => t.close());

describe('GET /api/admin/overview', () => {
  it('sums paid, shipped and delivered orders, per day for 30 days, top products and low stock', async () => {
    const res = await t.app.inject({ url: '/api/admin/overview', headers: { cookie: admin.cookie } });
    expect(res.statusCode).toBe(200);
    const o = res.json() as AdminOverview;
    expect(o.revenue).toBe(351);
    expect(o.paidOrders).toBe(4);
    expect(o.days).toHaveLength(30);
    const today = new Date().toISOString().slice(0, 10);
    expect(o.days.at(-1)).toEqual({ date: today, revenue: 350, orders: 3 });
    expect(o.topProducts[0]).toMatchObject({ productId: product._id, revenue: 351 });
    // 150 left < 2 × 100 minimum: low.
    expect(o.lowStock.map((p) => p._id)).toEqual([product._id]);
  });
});

describe('GET /api/purchase/export.csv', () => {
  it('exports every order, newest first, escaped and formula-safe', async () => {
    const res = await t.app.inject({ url: '/api/purchase/export.csv', headers: { cookie: admin.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = res.body.trimEnd().split('\r\n');
    // Issue 16's columns come after the earlier ones, so spreadsheets built on those keep working.
    expect(lines[0]).toBe(
      'Order,Date,Buyer email,Product,Quantity,Unit price,Total,Paid,Status,Invoice,Order number,Carrier,Tracking number,Line,SKU,Line total,PO number,Lines in order,Subtotal,Shipping,Tax,Line tax rule,Line tax rate,Line tax',
    );
    // Issue 30: subtotal, shipping, tax, then the line's tax (the default US seller's order to the UK: an export).
    expect(lines[1]).toMatch(/,BP-\d{6},,,1,[^,]*,[\d.]+,,1,[\d.]+,0\.00,0\.00,[a-z_]*,[\d.]*,[\d.]*$/);
    expect(lines).toHaveLength(7);
    expect(res.body).toContain(`"'=HYPERLINK(""x"")"`);
    expect(lines.at(-1)).toContain('"Old, ""quoted"""');
    expect(lines.at(-1)).toContain(',1.00,yes,paid,');
  });

  it('filters by status and search', async () => {
    const shipped = await t.app.inject({ url: '/api/purchase/export.csv?status=shipped', headers: { cookie: admin.cookie } });
    expect(shipped.body.trimEnd().split('\r\n')).toHaveLength(2);
    expect(shipped.body).toContain(',200.00,yes,shipped,');
    const other = await t.app.inject({ url: '/api/purchase/export.csv?q=OTHER@', headers: { cookie: admin.cookie } });
    expect(other.body.trimEnd().split('\r\n')).toHaveLength(2);
    expect((await t.app.inject({ url: '/api/purchase/export.csv?status=lost', headers: { cookie: admin.cookie } })).statusCode).toBe(400);
  });

  it.each([
    ['=1+1', "'=1+1"],
    ['+1', "'+1"],
    ['-1', "'-1"],
    ['@SUM', "'@SUM"],
    ['a,b', '"a,b"'],
    ['line\nbreak', '"line\nbreak"'],
    [12, '12'],
    [null, ''],
  ])('csvCell(%j) is %j', (input, out) => {
    expect(csvCell(input)).toBe(out);
  });
});
