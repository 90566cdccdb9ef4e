import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError, Cart, Order, Product, Quote } from '@bulkparts/shared';
import { ADDRESS, cartClient } from '../helpers/cart.js';
import type { SignedInUser } from '../helpers/factories.js';
import { createTestApp, engine, type TestApp } from '../helpers/test-app.js';
import { csvOf, exportCsv, HEADER, importCsv, productBySku, row } from '../products/csv-helpers.js';
import { addMember, createCompany, orderClient, pdfText, shopAdmin, type TestCompany } from './company-helpers.js';

/**
 * Issue 30 (ADR 0033): sub-cent unit prices. A $0.09 nut with a 5% company discount costs the
 * member $0.0855 a piece, and 1,000 of them $85.50, through the cart, the checkout, the order, its
 * invoice and the orders' CSV; a second line of 50 pieces at $0.0125 less 5% ($0.0119) is $0.595,
 * rounded half up once on the line to $0.60. The API takes and gives 4 decimals and refuses a fifth.
 */
let t: TestApp;
let shop: SignedInUser;
let c: TestCompany;
let member: SignedInUser;
let nut: Product;
let washer: Product;

const GOOD_CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' };
const base = { description: 'Sub-cent part', minimumOrderQuantity: 50, availableQuantity: 100_000, img: 'https://example.com/n.jpg' };

beforeAll(async () => {
  t = await createTestApp();
  shop = await shopAdmin(t.app);
  const create = async (payload: object) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/service', headers: { cookie: shop.cookie }, payload });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Product;
  };
  nut = await create({ ...base, sku: 'NUT-SUBCENT', name: 'Hex nut M3', price: 0.09, priceTiers: [{ minQuantity: 50_000, price: 0.0825 }] });
  washer = await create({ ...base, sku: 'WASHER-SUBCENT', name: 'Washer M3', price: 0.0125 });
  c = await createCompany(t.app, { discountPercent: 5 });
  member = await addMember(t, c, 'buyer');
});
afterAll(async () => t?.close());

describe(`sub-cent unit prices (${engine})`, () => {
  it('the product answers with its 4 decimals; a member sees the discount in 1/10,000 dollar', async () => {
    expect(nut).toMatchObject({ price: 0.09, priceTiers: [{ minQuantity: 50_000, price: 0.0825 }] });
    expect(washer.price).toBe(0.0125);
    const seen = (await t.app.inject({ url: `/api/service/${nut._id}`, headers: { cookie: member.cookie } })).json() as Product;
    expect(seen).toMatchObject({ price: 0.0855, listPrice: 0.09 });
  });

  it('cart → checkout → order → invoice → CSV: unit prices with their decimals, each line rounded half up once', async () => {
    const cart = cartClient(t.app, member);
    const added = await cart.add([
      { sku: nut.sku, quantity: 1000 },
      { sku: washer.sku, quantity: 50 },
    ]);
    expect(added.statusCode, added.body).toBe(200);
    const before = (await cart.get()).json() as Cart;
    const line = (id: string) => before.lines.find((l) => l.productId === id)!;
    expect(line(nut._id)).toMatchObject({ unitPrice: 0.0855, lineTotal: 85.5 });
    expect(line(washer._id)).toMatchObject({ unitPrice: 0.0119, lineTotal: 0.6 });
    expect(before.subtotal).toBe(86.1);

    const placed = await cart.checkout({ shippingAddress: ADDRESS });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json() as Order;
    expect(order.total).toBe(86.1);
    expect(order.lines.map((l) => [l.sku, l.quantity, l.unitPrice, l.lineTotal, l.listUnitPrice])).toEqual([
      [nut.sku, 1000, 0.0855, 85.5, 0.09],
      [washer.sku, 50, 0.0119, 0.6, 0.0125],
    ]);
    // The spec's top-level `price` is the first line's unit price, with its decimals.
    expect(order.price).toBe(0.0855);
    const rows = await t.database.db
      .selectFrom('order_lines')
      .select(['unit_price_e4', 'line_total_cents'])
      .where('order_id', '=', order._id)
      .orderBy('line_no')
      .execute();
    expect(rows.map((r) => [Number(r.unit_price_e4), Number(r.line_total_cents)])).toEqual([
      [855, 8550],
      [119, 60],
    ]);

    const paid = await t.app.inject({ method: 'POST', url: `/api/purchase/${order._id}/pay`, headers: { cookie: member.cookie }, payload: GOOD_CARD });
    expect(paid.statusCode, paid.body).toBe(200);
    const invoice = await orderClient(t.app, member).invoice(order._id);
    expect(invoice.statusCode).toBe(200);
    const text = pdfText(invoice.rawPayload);
    expect(text).toContain('$0.0855');
    expect(text).toContain('$85.50');
    expect(text).toContain('$0.0119');
    expect(text).toContain('$0.60');
    expect(text).toContain('$86.10');

    const csv = await t.app.inject({ url: `/api/purchase/export.csv?q=${encodeURIComponent(member.email)}`, headers: { cookie: shop.cookie } });
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.trimEnd().split('\r\n');
    const cells = (sku: string) => lines.find((l) => l.includes(`,${sku},`))!.split(',');
    // Unit price (column 6) with its decimals; line total (column 16) and order total in cents.
    expect([cells(nut.sku)[5], cells(nut.sku)[15], cells(nut.sku)[6]]).toEqual(['0.0855', '85.50', '86.10']);
    expect([cells(washer.sku)[5], cells(washer.sku)[15]]).toEqual(['0.0119', '0.60']);
  });

  it('a quote is answered, shown and accepted at a sub-cent price', async () => {
    const buyer = member;
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/quotes',
      headers: { cookie: buyer.cookie },
      payload: { lines: [{ productId: nut._id, quantity: 50 }] },
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const quote = asked.json() as Quote;
    expect(quote.lines[0]!.listUnitPrice).toBe(0.0855);
    const validUntil = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
    const refused = await t.app.inject({
      method: 'PATCH',
      url: `/api/quotes/${quote._id}`,
      headers: { cookie: shop.cookie },
      payload: { lines: [{ productId: nut._id, unitPrice: 0.08125 }], validUntil },
    });
    expect(refused.statusCode).toBe(400);
    expect((refused.json() as ApiError).fields).toEqual({ 'lines.0.unitPrice': 'Unit price can have at most 4 decimals' });
    const answered = await t.app.inject({
      method: 'PATCH',
      url: `/api/quotes/${quote._id}`,
      headers: { cookie: shop.cookie },
      payload: { lines: [{ productId: nut._id, unitPrice: 0.0813 }], validUntil },
    });
    expect(answered.statusCode, answered.body).toBe(200);
    // 50 × $0.0813 = $4.065 → $4.07, half up.
    expect(answered.json()).toMatchObject({ lines: [{ unitPrice: 0.0813, lineTotal: 4.07 }], total: 4.07 });
    const accepted = await t.app.inject({
      method: 'POST',
      url: `/api/quotes/${quote._id}/accept`,
      headers: { cookie: buyer.cookie },
      payload: { shippingAddress: ADDRESS },
    });
    expect(accepted.statusCode, accepted.body).toBe(201);
    const order = (accepted.json() as { order: Order }).order;
    expect(order.lines[0]).toMatchObject({ unitPrice: 0.0813, lineTotal: 4.07 });
    expect(order.total).toBe(4.07);
  });

  it('refuses a fifth decimal with 400 naming the field: product, tiers, company price', async () => {
    const headers = { cookie: shop.cookie };
    const post = await t.app.inject({ method: 'POST', url: '/api/service', headers, payload: { ...base, sku: 'FIVE-1', name: 'Five', price: 0.01255 } });
    expect(post.statusCode).toBe(400);
    expect((post.json() as ApiError).fields).toMatchObject({ price: 'Price can have at most 4 decimals' });
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/api/service/${nut._id}`,
      headers,
      payload: { priceTiers: [{ minQuantity: 100, price: 0.08001 }] },
    });
    expect(patch.statusCode).toBe(400);
    expect(Object.values((patch.json() as ApiError).fields ?? {})).toContain('Tier price can have at most 4 decimals');
    const company = await t.app.inject({ method: 'PUT', url: `/api/companies/${c.company.id}/prices/${nut._id}`, headers, payload: { price: 0.00001 } });
    expect(company.statusCode).toBe(400);
    expect((company.json() as ApiError).fields).toEqual({ price: 'Price can have at most 4 decimals' });
    const fixed = await t.app.inject({ method: 'PUT', url: `/api/companies/${c.company.id}/prices/${washer._id}`, headers, payload: { price: 0.0101 } });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json()).toMatchObject({ price: 0.0101, listPrice: 0.0125 });
  });

  it('CSV: 4 decimals are imported, exported with the decimals they have, and the export imports back unchanged', async () => {
    const header = [...HEADER, 'tiers'];
    const res = await importCsv(
      t.app,
      shop.cookie,
      csvOf(header, [
        [...row({ sku: 'CSV-SUBCENT-1', price: '0.0125' }), '1000:0.0099|5000:0.009'],
        [...row({ sku: 'CSV-SUBCENT-2', price: '1.5' }), ''],
      ]),
    );
    expect(res.statusCode, res.raw).toBe(200);
    expect(await productBySku(t, 'CSV-SUBCENT-1')).toMatchObject({
      price: 0.0125,
      priceTiers: [
        { minQuantity: 1000, price: 0.0099 },
        { minQuantity: 5000, price: 0.009 },
      ],
    });
    const csv = await exportCsv(t.app, shop.cookie);
    const lines = csv.split('\r\n');
    const head = lines[0]!.split(',');
    const cellsOf = (sku: string) => lines.find((l) => l.startsWith(`${sku},`))!.split(',');
    expect(cellsOf('CSV-SUBCENT-1')[head.indexOf('price')]).toBe('0.0125');
    expect(cellsOf('CSV-SUBCENT-1')[head.indexOf('tiers')]).toBe('1000:0.0099|5000:0.009');
    expect(cellsOf('CSV-SUBCENT-2')[head.indexOf('price')]).toBe('1.50');
    const again = await importCsv(t.app, shop.cookie, csv);
    expect(again.statusCode, again.raw).toBe(200);
    expect(again.body.created).toBe(0);
    expect(await exportCsv(t.app, shop.cookie)).toBe(csv);

    const bad = await importCsv(t.app, shop.cookie, csvOf(HEADER, [row({ sku: 'CSV-SUBCENT-3', price: '0.01255' })]));
    expect(bad.body.errors).toEqual([{ row: 2, column: 'price', message: 'Price can have at most 4 decimals' }]);
  });
});
