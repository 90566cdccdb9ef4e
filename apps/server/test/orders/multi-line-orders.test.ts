import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, type Order, type Product, type ReorderResult } from '@bulkparts/shared';
import { invoiceContent, shippingAddressOf } from '../../src/modules/payments/invoice-content.js';
import { ADDRESS, cartClient, insertProducts, stockOf, type TestProduct } from '../helpers/cart.js';
import { signUp, signUpAdmin, type SignedInUser } from '../helpers/factories.js';
import { createTestApp, engine, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let products: TestProduct[];
let admin: SignedInUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpAdmin(t.app);
  products = await insertProducts(t.database, 4, { stock: 5000 });
});
afterAll(async () => t?.close());

const GOOD_CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' };

describe(`multi-line orders (${engine})`, () => {
  it("the spec's one-line POST /api/purchase answers exactly as before, plus the additive fields", async () => {
    const buyer = await signUp(t.app);
    const product = ((await t.app.inject({ url: '/api/service?limit=1' })).json() as Product[])[0]!;
    const q = Math.max(100, product.minimumOrderQuantity);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/purchase',
      headers: { cookie: buyer.cookie },
      payload: { productId: product._id, quantity: q },
    });
    expect(res.statusCode).toBe(201);
    const order = res.json() as Order;
    // Every field the answer had before issue 16, with the values it had.
    const before = {
      _id: order._id,
      productId: product._id,
      Name: product.name,
      img: product.img,
      price: product.price,
      quantity: q,
      total: Math.round(product.price * 100 * q) / 100,
      paid: false,
      status: 'pending',
      userEmail: buyer.email,
      createdAt: order.createdAt,
      paidAt: null,
      paymentReference: null,
      cardBrand: null,
      cardLast4: null,
      invoiceNumber: null,
      orderNumber: order.orderNumber,
      carrier: null,
      trackingNumber: null,
      expiresAt: order.expiresAt,
    };
    // Issue 18 added who the order was bought for and how it is paid, after the spec's fields.
    // Issue 31: how it ships (with backordered pieces). Issue 30: its shipping method (without a
    // ship-to the cheapest the demo shop offers: the pickup, charging nothing, so the total is as before) and its totals.
    const { lines, poNumber, shippingAddress, note, companyId, paymentMethod, dueDate, rejectionReason, fulfilment, credited, totals, shipping, ...old } =
      order;
    expect(old).toEqual(before);
    expect(Object.keys(order)).toEqual([
      ...Object.keys(before),
      'lines',
      'poNumber',
      'shippingAddress',
      'note',
      'companyId',
      'paymentMethod',
      'dueDate',
      'rejectionReason',
      'fulfilment',
      'credited',
      'shipping',
      'totals',
    ]);
    expect(totals).toEqual({ subtotal: order.total, shipping: 0, tax: [], taxTotal: 0, total: order.total });
    expect({ fulfilment, credited }).toEqual({ fulfilment: 'ship_as_available', credited: 0 });
    expect(shipping).toMatchObject({ kind: 'pickup', price: 0 });
    expect({ companyId, paymentMethod, dueDate, rejectionReason }).toEqual({ companyId: null, paymentMethod: 'card', dueDate: null, rejectionReason: null });
    expect(order.orderNumber).toMatch(/^BP-\d{6}$/);
    expect({ poNumber, shippingAddress, note }).toEqual({ poNumber: null, shippingAddress: null, note: null });
    expect(lines).toEqual([
      {
        productId: product._id,
        sku: product.sku,
        name: product.name,
        img: product.img,
        unitPrice: product.price,
        quantity: q,
        lineTotal: order.total,
        listUnitPrice: product.price,
        shipped: 0,
        backordered: 0,
        promisedDispatch: null,
        returned: 0,
        // Issue 30: no ship-to: the (default US) seller's country, no rate set there.
        tax: { rule: 'standard', rate: 0, amount: 0, zone: 'US', name: 'No tax', evidence: null },
      },
    ]);
  });

  it('cancelling returns every line’s stock', async () => {
    const buyer = await signUp(t.app);
    const before = await Promise.all(products.map((p) => stockOf(t.database, p.id)));
    const order = await cartClient(t.app, buyer).order(products, 200);
    expect(await Promise.all(products.map((p) => stockOf(t.database, p.id)))).toEqual(before.map((s) => s - 200));
    const res = await t.app.inject({ method: 'DELETE', url: `/api/purchase/${order._id}`, headers: { cookie: buyer.cookie } });
    expect(res.statusCode).toBe(200);
    expect((res.json() as Order).lines).toHaveLength(4);
    expect(await Promise.all(products.map((p) => stockOf(t.database, p.id)))).toEqual(before);
  });

  it('reorder puts the lines back in the cart at today’s prices, flags an archived product and skips a deleted one; another buyer gets 404', async () => {
    const buyer = await signUp(t.app);
    const [kept, archived, deleted] = await insertProducts(t.database, 3, { stock: 1000 });
    const order = await cartClient(t.app, buyer).order([kept!, archived!, deleted!], 100);
    await t.database.db.updateTable('products').set({ price_e4: 99_900 }).where('id', '=', kept!.id).execute();
    await t.database.db.updateTable('products').set({ archived: 1 }).where('id', '=', archived!.id).execute();
    // A product with orders is archived by the admin API, never deleted; a script could still delete it.
    await t.database.db.deleteFrom('products').where('id', '=', deleted!.id).execute();
    const other = await signUp(t.app);
    expect((await cartClient(t.app, other).reorder(order._id)).statusCode).toBe(404);
    expect((await cartClient(t.app, admin).reorder(order._id)).statusCode).toBe(404);
    const c = cartClient(t.app, buyer);
    await c.put(kept!.id, 100);
    const res = await c.reorder(order._id);
    expect(res.statusCode).toBe(200);
    const body = res.json() as ReorderResult;
    expect(body.lines.map((l) => [l.productId, l.quantity, l.unitPrice, l.problem])).toEqual([
      [kept!.id, 200, 9.99, null],
      [archived!.id, 100, archived!.priceCents / 100, MESSAGES.productUnavailable],
    ]);
    expect(body.skipped).toEqual([{ productId: deleted!.id, sku: deleted!.sku, name: deleted!.name, message: MESSAGES.productUnavailable }]);
    expect((await c.reorder('0123456789abcdef01234567')).statusCode).toBe(404);
  });

  it('pays, lists every line, the PO number and the address on the invoice, and exports one CSV row per line', async () => {
    const buyer = await signUp(t.app);
    const order = await cartClient(t.app, buyer).order(products.slice(0, 3), 100, { poNumber: 'PO-CSV-1' });
    const pay = await t.app.inject({ method: 'POST', url: `/api/purchase/${order._id}/pay`, headers: { cookie: buyer.cookie }, payload: GOOD_CARD });
    expect(pay.statusCode).toBe(200);
    const pdf = await t.app.inject({ url: `/api/purchase/${order._id}/invoice`, headers: { cookie: buyer.cookie } });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const row = await t.database.db.selectFrom('orders').selectAll().where('id', '=', order._id).executeTakeFirstOrThrow();
    const lines = await t.database.db.selectFrom('order_lines').selectAll().where('order_id', '=', order._id).orderBy('line_no').execute();
    const content = invoiceContent(row, { name: 'Test Buyer', address: null }, lines, shippingAddressOf(row));
    expect(content.items.map((i) => i.item)).toEqual(products.slice(0, 3).map((p) => `${p.sku} · ${p.name}`));
    expect(content.items.map((i) => i.quantity)).toEqual(['100 Ps', '100 Ps', '100 Ps']);
    expect(content.meta).toContain('PO number: PO-CSV-1');
    expect(content.shipTo).toEqual([ADDRESS.company, ADDRESS.name, ADDRESS.line1, `${ADDRESS.postalCode} ${ADDRESS.city}`, ADDRESS.country]);
    expect(content.totals.at(-1)).toBe(`Total paid: $${order.total.toFixed(2)}`);

    const csv = await t.app.inject({ url: `/api/purchase/export.csv?q=${encodeURIComponent(buyer.email)}`, headers: { cookie: admin.cookie } });
    const rows = csv.body.trimEnd().split('\r\n').slice(1);
    expect(rows).toHaveLength(3);
    rows.forEach((r, i) => {
      const cells = r.split(',');
      expect(cells[0]).toBe(order._id);
      expect(cells[3]).toBe(products[i]!.name);
      expect(cells[6]).toBe(order.total.toFixed(2));
      // Issue 30: then subtotal, shipping, tax and the line's tax (the default US seller's order to the UK: an export).
      expect(cells.slice(13)).toEqual([
        String(i + 1),
        products[i]!.sku,
        products[i]!.priceCents.toFixed(2),
        'PO-CSV-1',
        '3',
        order.total.toFixed(2),
        '0.00',
        '0.00',
        'export',
        '0',
        '0.00',
      ]);
    });

    // The admin list shows the lines too, read with the page.
    const list = (await t.app.inject({ url: `/api/purchase?q=${encodeURIComponent(buyer.email)}`, headers: { cookie: admin.cookie } })).json() as Order[];
    expect(list[0]!.lines).toHaveLength(3);
  });

  it('the admin overview counts each product of a multi-line order', async () => {
    const overview = (await t.app.inject({ url: '/api/admin/overview', headers: { cookie: admin.cookie } })).json() as { topProducts: { productId: string }[] };
    expect(overview.topProducts.map((p) => p.productId)).toEqual(expect.arrayContaining(products.slice(0, 3).map((p) => p.id)));
  });
});

describe(`expiry of a multi-line order (${engine})`, () => {
  let short: TestApp;
  beforeAll(async () => {
    short = await createTestApp({ env: { UNPAID_ORDER_TTL: '1' } });
  });
  afterAll(async () => short?.close());

  it('returns every line’s stock', async () => {
    const mine = await insertProducts(short.database, 3, { stock: 1000 });
    const buyer = await signUp(short.app);
    const order = await cartClient(short.app, buyer).order(mine, 100, { shippingAddress: ADDRESS });
    expect(await Promise.all(mine.map((p) => stockOf(short.database, p.id)))).toEqual([900, 900, 900]);
    let status = order.status;
    for (let i = 0; i < 40 && status !== 'expired'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      status = (await short.app.inject({ url: `/api/purchase/${order._id}`, headers: { cookie: buyer.cookie } })).json().status;
    }
    expect(status).toBe('expired');
    expect(await Promise.all(mine.map((p) => stockOf(short.database, p.id)))).toEqual([1000, 1000, 1000]);
  });
});
