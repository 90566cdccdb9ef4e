import type { Order } from '@bulkparts/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProducts, stockOf } from '../helpers/cart.js';
import { createConcurrentApps, createTestApp, engine, type TestApp } from '../helpers/test-app.js';
import { orderRequest, postCxml, punchoutCompany, statusOf, type OrderLine, type PunchoutCompany } from './punchout-helpers.js';

/**
 * Issue 32: a cXML OrderRequest places one order through the order core (as the company's
 * punchout member, on account, PO number = orderID), only one however often it is sent, and
 * refuses lines the shop refuses, naming them.
 */
let t: TestApp;
let pc: PunchoutCompany;
let ids: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  pc = await punchoutCompany(t);
  const list = (await t.app.inject({ url: '/api/service?limit=100' })).json() as { _id: string; sku: string }[];
  ids = Object.fromEntries(list.map((p) => [p.sku, p._id]));
});
afterAll(async () => t?.close());

let seq = 0;
const orderId = () => `PO-${engine}-${Date.now().toString(36)}-${++seq}`;
const THREE: OrderLine[] = [
  { sku: 'HB-M8-40-ZN', quantity: 100, unitPrice: '0.18' },
  { sku: 'BB-6204-2RS', quantity: '50.000', unitPrice: '2.45' },
  { sku: 'HN-M10-A2', quantity: 200, unitPrice: '0.09' },
];

async function ordersWithPo(po: string, app = t) {
  return app.database.db.selectFrom('orders').select(['id', 'status']).where('po_number', '=', po).execute();
}
const asShop = (url: string) => t.app.inject({ url, headers: { cookie: pc.shop.cookie } });

describe(`cXML OrderRequest (${engine})`, () => {
  it('places one order on account as the punchout member, with the PO number, ship-to and lines', async () => {
    const po = orderId();
    const before = await stockOf(t.database, ids['HB-M8-40-ZN']!);
    const res = await postCxml(t.app, 'order', orderRequest(pc, { orderId: po, lines: THREE, comments: 'Deliver to dock 7 before noon' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/xml');
    const status = statusOf(res.body);
    expect(status).toMatchObject({ code: 200, text: 'OK', message: expect.stringMatching(/^Order BP-\d{6} placed$/) });
    const [row] = await ordersWithPo(po);
    const order = (await asShop(`/api/purchase/${row!.id}`)).json() as Order;
    expect(order).toMatchObject({
      poNumber: po,
      status: 'invoiced',
      paymentMethod: 'account',
      companyId: pc.company.id,
      userEmail: pc.member.email,
      note: 'Deliver to dock 7 before noon',
      shippingAddress: {
        company: 'Buyer Plant 7',
        name: 'Receiving, Dock 7',
        line1: '1 Mill Road',
        line2: 'Unit 4',
        city: 'Leeds',
        postalCode: 'LS1 4AB',
        country: 'United Kingdom',
      },
    });
    expect(order.reviewNote).toBeUndefined();
    expect(order.lines.map((l) => [l.sku, l.quantity, l.unitPrice])).toEqual([
      ['HB-M8-40-ZN', 100, 0.18],
      ['BB-6204-2RS', 50, 2.45],
      ['HN-M10-A2', 200, 0.09],
    ]);
    expect(status.message).toContain(order.orderNumber);
    expect(await stockOf(t.database, ids['HB-M8-40-ZN']!)).toBe(before - 100);
    // In Manage All Order (the admin list) and in the company's orders, by the PO number.
    const admin = (await asShop(`/api/purchase?q=${encodeURIComponent(po)}`)).json() as Order[];
    expect(admin.map((o) => o._id)).toEqual([order._id]);
    const company = (
      await t.app.inject({ url: `/api/purchase?company=true&q=${encodeURIComponent(po)}`, headers: { cookie: pc.admin.cookie } })
    ).json() as Order[];
    expect(company.map((o) => o.poNumber)).toEqual([po]);
    expect((await t.app.inject({ url: `/api/purchase/${order._id}`, headers: { cookie: pc.admin.cookie } })).json()).not.toHaveProperty('reviewNote');
  });

  it('the same orderID twice makes one order; the second answer names it', async () => {
    const po = orderId();
    const xml = orderRequest(pc, { orderId: po, lines: THREE.slice(0, 1) });
    const first = statusOf((await postCxml(t.app, 'order', xml)).body);
    const again = await postCxml(t.app, 'order', xml);
    expect(again.statusCode).toBe(200);
    const number = /Order (BP-\d+)/.exec(first.message)![1]!;
    expect(statusOf(again.body).message).toContain(`Order ${number} was placed for this orderID already`);
    expect(await ordersWithPo(po)).toHaveLength(1);
  });

  it('concurrent duplicates make one order, on every instance (a primary key in the order’s unit)', async () => {
    const { apps, close } = await createConcurrentApps();
    try {
      const shared = apps[0]!;
      const company = await punchoutCompany(shared);
      const po = orderId();
      const xml = orderRequest(company, { orderId: po, lines: THREE.slice(0, 2) });
      const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => postCxml(apps[i % apps.length]!.app, 'order', xml)));
      expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(200));
      const numbers = new Set(answers.map((a) => /BP-\d+/.exec(statusOf(a.body).message)![0]));
      expect(numbers.size).toBe(1);
      expect(await ordersWithPo(po, shared)).toHaveLength(1);
    } finally {
      await close();
    }
  });

  it('an unknown SKU and a quantity the shop refuses: 400 naming each line, and nothing is ordered', async () => {
    const po = orderId();
    const res = await postCxml(
      t.app,
      'order',
      orderRequest(pc, {
        orderId: po,
        lines: [
          { sku: 'HB-M8-40-ZN', quantity: 100, unitPrice: '0.18' },
          { sku: 'NO-SUCH-PART', quantity: 100, unitPrice: '1.00' },
          { sku: 'HN-M10-A2', quantity: 20, unitPrice: '0.09' },
          { sku: 'BB-6204-2RS', quantity: '50.5', unitPrice: '2.45' },
        ],
      }),
    );
    expect(res.statusCode).toBe(400);
    const { message } = statusOf(res.body);
    expect(message).toContain('Line 2 (SKU NO-SUCH-PART): No product has this SKU');
    expect(message).toMatch(/Line 3 \(SKU HN-M10-A2\): .*200/);
    expect(message).toContain('Line 4 (SKU BB-6204-2RS): quantity must be a whole number of pieces');
    expect(message).not.toContain('Line 1');
    expect(await ordersWithPo(po)).toHaveLength(0);
  });

  it('places a line sent at another price at the shop’s price, and flags the order for an admin only', async () => {
    const po = orderId();
    const res = await postCxml(
      t.app,
      'order',
      orderRequest(pc, { orderId: po, lines: [{ sku: 'HB-M8-40-ZN', quantity: 100, unitPrice: '0.1000' }, THREE[1]!] }),
    );
    expect(statusOf(res.body)).toMatchObject({ code: 200, message: expect.stringContaining('placed at the shop’s price') });
    const [row] = await ordersWithPo(po);
    const order = (await asShop(`/api/purchase/${row!.id}`)).json() as Order;
    expect(order.lines[0]).toMatchObject({ sku: 'HB-M8-40-ZN', unitPrice: 0.18 });
    expect(order.reviewNote).toBe(`Punchout order ${po}: Line 1 (SKU HB-M8-40-ZN) was sent at USD 0.1000; placed at the shop's USD 0.18`);
    const inList = (await asShop(`/api/purchase?q=${encodeURIComponent(po)}`)).json() as Order[];
    expect(inList[0]!.reviewNote).toBe(order.reviewNote);
    expect((await t.app.inject({ url: `/api/purchase/${row!.id}`, headers: { cookie: pc.admin.cookie } })).json()).not.toHaveProperty('reviewNote');
  });

  it('short stock: 409 naming the line; a change order, another currency, no ship-to and bad credentials are refused', async () => {
    const [scarce] = await insertProducts(t.database, 1, { stock: 60 });
    const short = await postCxml(t.app, 'order', orderRequest(pc, { orderId: orderId(), lines: [{ sku: scarce!.sku, quantity: 100, unitPrice: '1.00' }] }));
    expect(short.statusCode).toBe(409);
    expect(statusOf(short.body).message).toContain(`Line 1 (SKU ${scarce!.sku}): `);
    const update = await postCxml(t.app, 'order', orderRequest(pc, { orderId: orderId(), lines: THREE, type: 'update' }));
    expect(statusOf(update.body)).toMatchObject({ code: 400, message: expect.stringContaining('type="new"') });
    const euros = await postCxml(t.app, 'order', orderRequest(pc, { orderId: orderId(), lines: [{ ...THREE[0]!, currency: 'EUR' }] }));
    expect(statusOf(euros.body).message).toContain('prices are in USD, not EUR');
    const noShipTo = await postCxml(t.app, 'order', orderRequest(pc, { orderId: orderId(), lines: THREE, shipTo: false }));
    expect(statusOf(noShipTo.body)).toMatchObject({ code: 400, message: expect.stringContaining('ShipTo') });
    const wrong = await postCxml(t.app, 'order', orderRequest(pc, { orderId: orderId(), lines: THREE, secret: 'not-it-at-all' }));
    expect(statusOf(wrong.body).code).toBe(401);
  });

  it('without a ShipTo, the setup’s default ship-to is used', async () => {
    const withDefault = await punchoutCompany(t, {
      shipTo: { name: 'Goods In', line1: '9 Canal Street', city: 'Manchester', postalCode: 'M1 3HE', country: 'United Kingdom' },
    });
    const po = orderId();
    const res = await postCxml(t.app, 'order', orderRequest(withDefault, { orderId: po, lines: THREE.slice(0, 1), shipTo: false }));
    expect(statusOf(res.body).code).toBe(200);
    const [row] = await ordersWithPo(po);
    expect(((await asShop(`/api/purchase/${row!.id}`)).json() as Order).shippingAddress).toMatchObject({ name: 'Goods In', city: 'Manchester' });
  });
});
