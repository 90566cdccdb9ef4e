import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError, Carrier, Company, Order, Shipment } from '@bulkparts/shared';
import { ADDRESS, cartClient, insertProducts, stockOf, type TestProduct } from '../helpers/cart.js';
import { signUp, type SignedInUser } from '../helpers/factories.js';
import { createTestApp, engine, type TestApp } from '../helpers/test-app.js';
import { addMember, createCompany, mailTo, orderClient, pdfText, shopAdmin } from '../orders/company-helpers.js';

/**
 * Issue 31: an order ships in shipments that add up to it and no further, partly shipped between;
 * an order on account ships before it is paid; each shipment has its number, tracking link,
 * warehouse, packing slip, mail and webhook; deliveries make the order delivered.
 */
let t: TestApp;
let shop: SignedInUser;
let buyer: SignedInUser;
let products: TestProduct[];

beforeAll(async () => {
  t = await createTestApp();
  [shop, buyer] = await Promise.all([shopAdmin(t.app), signUp(t.app)]);
  products = await insertProducts(t.database, 3, { stock: 10_000 });
});
afterAll(async () => t?.close());

const as = (u: SignedInUser) => ({ cookie: u.cookie });
const ship = (orderId: string, body: object, by = shop) =>
  t.app.inject({ method: 'POST', url: `/api/purchase/${orderId}/shipments`, headers: as(by), payload: body });
const shipmentsOf = async (orderId: string, by = buyer) =>
  (await t.app.inject({ url: `/api/purchase/${orderId}/shipments`, headers: as(by) })).json() as Shipment[];
const setStatus = (orderId: string, body: object) => t.app.inject({ method: 'PATCH', url: `/api/purchase/${orderId}`, headers: as(shop), payload: body });
const delivered = (shipmentId: string) => t.app.inject({ method: 'POST', url: `/api/shipments/${shipmentId}/delivered`, headers: as(shop) });

/** A paid three-line order of 100 pieces a line. */
async function paidOrder(user = buyer): Promise<Order> {
  await cartClient(t.app, user).clear();
  const order = await cartClient(t.app, user).order(products, 100);
  expect((await setStatus(order._id, { status: 'paid' })).statusCode).toBe(200);
  return order;
}

describe(`shipments (${engine})`, () => {
  it('ships 2 of 3 lines (one in part) with tracking, then the rest: partly shipped, then shipped; never more than ordered', async () => {
    const order = await paidOrder();
    const [a, b, c] = products;
    const first = await ship(order._id, {
      lines: [
        { productId: a!.id, quantity: 100 },
        { productId: b!.id, quantity: 40 },
      ],
      carrier: 'ups',
      trackingNumber: '1Z 999',
    });
    expect(first.statusCode, first.body).toBe(201);
    const s1 = first.json() as Shipment;
    expect(s1).toMatchObject({
      shipmentNumber: expect.stringMatching(/^SH-\d{6}$/),
      orderId: order._id,
      carrier: 'ups',
      trackingNumber: '1Z 999',
      trackingUrl: 'https://www.ups.com/track?tracknum=1Z%20999',
      warehouse: 'MAIN',
      deliveredAt: null,
    });
    expect(s1.lines).toEqual([
      { productId: a!.id, sku: a!.sku, name: a!.name, quantity: 100 },
      { productId: b!.id, sku: b!.sku, name: b!.name, quantity: 40 },
    ]);
    const partly = await orderClient(t.app, buyer).order(order._id);
    expect(partly.status).toBe('partially_shipped');
    expect(partly.lines.map((l) => l.shipped)).toEqual([100, 40, 0]);
    // No more than is left of a line; a product not in the order is named.
    const over = await ship(order._id, { lines: [{ productId: b!.id, quantity: 61 }] });
    expect(over.statusCode).toBe(409);
    expect((over.json() as ApiError).lines?.[0]).toMatchObject({ productId: b!.id, message: `${b!.sku}: only 60 pieces are left to ship` });
    const foreign = await ship(order._id, { lines: [{ productId: '0123456789abcdef01234567', quantity: 1 }] });
    expect(foreign.statusCode).toBe(400);
    expect((await ship(order._id, { lines: [] })).statusCode).toBe(400);
    // The spec's single "shipped" ships every piece left in one shipment.
    const rest = await setStatus(order._id, { status: 'shipped', carrier: 'DHL Express', trackingNumber: 'JD1' });
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json()).toMatchObject({ status: 'shipped', carrier: 'DHL Express', trackingNumber: 'JD1' });
    const all = await shipmentsOf(order._id);
    expect(all).toHaveLength(2);
    expect(all[1]!.lines.map((l) => [l.productId, l.quantity])).toEqual([
      [b!.id, 60],
      [c!.id, 100],
    ]);
    expect(all[1]!.trackingUrl).toContain('AWB=JD1');
    expect((await ship(order._id, { lines: [{ productId: c!.id, quantity: 1 }] })).statusCode).toBe(409);
    expect((await setStatus(order._id, { status: 'shipped' })).statusCode).toBe(409);
    // The timeline: one shipped step per shipment, named by its number.
    const timeline = (await orderClient(t.app, buyer).order(order._id)).timeline!;
    expect(timeline.filter((s) => s.event === 'shipped').map((s) => s.detail)).toEqual(all.map((s) => s.shipmentNumber));
    // The buyer hears of each: a part, then the whole order shipped (as before shipments).
    expect(await mailTo(t, buyer.email, (m) => m.subject.includes(`(${s1.shipmentNumber})`) && m.text_body.includes('Still to come:'))).toBeDefined();
    expect(await mailTo(t, buyer.email, (m) => m.subject.endsWith('was shipped') && m.text_body.includes('Tracking number: JD1'))).toBeDefined();
  });

  it('shipments of one order at once add up to it and no further', async () => {
    const order = await paidOrder();
    const results = await Promise.all(Array.from({ length: 4 }, () => ship(order._id, { lines: [{ productId: products[0]!.id, quantity: 60 }] })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409]);
    const again = await Promise.all([setStatus(order._id, { status: 'shipped' }), setStatus(order._id, { status: 'shipped' })]);
    expect(again.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const shipped = await shipmentsOf(order._id);
    const pieces = shipped.flatMap((s) => s.lines).reduce((n, l) => n + l.quantity, 0);
    expect(pieces).toBe(300);
  });

  it('each shipment delivered; the order is delivered when every shipment is', async () => {
    const order = await paidOrder();
    const s1 = (await ship(order._id, { lines: [{ productId: products[0]!.id, quantity: 100 }] })).json() as Shipment;
    expect((await delivered(s1._id)).json()).toMatchObject({ deliveredAt: expect.any(String) });
    expect((await delivered(s1._id)).statusCode).toBe(409);
    expect((await orderClient(t.app, buyer).order(order._id)).status).toBe('partially_shipped');
    await setStatus(order._id, { status: 'shipped' });
    const [, s2] = await shipmentsOf(order._id);
    expect((await orderClient(t.app, buyer).order(order._id)).status).toBe('shipped');
    expect((await delivered(s2!._id)).statusCode).toBe(200);
    const done = await orderClient(t.app, buyer).order(order._id);
    expect(done.status).toBe('delivered');
    expect(done.timeline!.filter((s) => s.event === 'delivered')).toHaveLength(2);
    expect((await delivered('0123456789abcdef01234567')).statusCode).toBe(404);
  });

  it('a card order ships once paid; nothing ships without a ship-to', async () => {
    await cartClient(t.app, buyer).clear();
    const order = await cartClient(t.app, buyer).order(products, 100);
    const refused = await ship(order._id, { lines: [{ productId: products[0]!.id, quantity: 10 }] });
    expect(refused.statusCode).toBe(409);
    expect((refused.json() as ApiError).message).toBe('A card order ships once it is paid');
    expect((await setStatus(order._id, { status: 'shipped' })).statusCode).toBe(409);
  });

  it('an order on account ships before it is paid: its due date runs from the invoice date, it holds credit until paid', async () => {
    const c = await createCompany(t.app, { paymentTerms: 'net30', creditLimit: 10_000 });
    const member = await addMember(t, c, 'buyer');
    const order = await cartClient(t.app, member).order([products[0]!], 100, { paymentMethod: 'account' });
    expect(order).toMatchObject({ status: 'invoiced', paid: false });
    const credit = async () => ((await t.app.inject({ url: `/api/companies/${c.company.id}`, headers: as(c.admin) })).json() as Company).creditUsed;
    expect(await credit()).toBe(100);
    const shipped = await ship(order._id, { lines: [{ productId: products[0]!.id, quantity: 100 }], carrier: 'FedEx', trackingNumber: '7777' });
    expect(shipped.statusCode, shipped.body).toBe(201);
    expect((shipped.json() as Shipment).trackingUrl).toBe('https://www.fedex.com/fedextrack/?trknbr=7777');
    const after = await orderClient(t.app, member).order(order._id);
    expect(after).toMatchObject({ status: 'shipped', paid: false, dueDate: order.dueDate, invoiceNumber: order.invoiceNumber });
    expect(await credit()).toBe(100);
    // Overdue invoices list it though it has shipped.
    const paid = await orderClient(t.app, shop).markPaid(order._id, 'BACS 31');
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ status: 'shipped', paid: true, paymentReference: 'BACS 31' });
    expect((await orderClient(t.app, shop).markPaid(order._id)).statusCode).toBe(409);
    expect(await credit()).toBe(0);
    const steps = (await orderClient(t.app, member).order(order._id)).timeline!.map((s) => s.event);
    expect(steps).toEqual(['placed', 'shipped', 'paid']);
  });

  it('a shipment takes its pieces from its warehouse, which must hold them', async () => {
    const [p] = await insertProducts(t.database, 1, { stock: 100 });
    const setCount = (warehouse: string, availableQuantity: number) =>
      t.app.inject({ method: 'PATCH', url: `/api/service/${p!.id}/stock`, headers: as(shop), payload: { warehouse, availableQuantity } });
    expect((await setCount('EAST', 50)).statusCode).toBe(200);
    await cartClient(t.app, buyer).clear();
    const order = await cartClient(t.app, buyer).order([p!], 120);
    await setStatus(order._id, { status: 'paid' });
    expect(await stockOf(t.database, p!.id)).toBe(30);
    const tooMany = await ship(order._id, { lines: [{ productId: p!.id, quantity: 60 }], warehouse: 'east' });
    expect(tooMany.statusCode).toBe(409);
    expect((tooMany.json() as ApiError).lines?.[0]?.message).toMatch(/holds 50 of the 60 pieces/);
    expect((await ship(order._id, { lines: [{ productId: p!.id, quantity: 1 }], warehouse: 'NOWHERE' })).statusCode).toBe(400);
    const fromEast = await ship(order._id, { lines: [{ productId: p!.id, quantity: 50 }], warehouse: 'east' });
    expect(fromEast.statusCode, fromEast.body).toBe(201);
    expect((fromEast.json() as Shipment).warehouse).toBe('EAST');
    const stock = (await t.app.inject({ url: `/api/service/${p!.id}/stock`, headers: as(shop) })).json() as {
      committedQuantity: number;
      warehouses: { warehouse: string; onHand: number }[];
    };
    expect(stock.committedQuantity).toBe(70);
    expect(Object.fromEntries(stock.warehouses.map((w) => [w.warehouse, w.onHand]))).toMatchObject({ MAIN: 100, EAST: 0 });
    // What can be sold did not change: those pieces were sold already.
    expect(await stockOf(t.database, p!.id)).toBe(30);
  });

  it('a packing slip per shipment for whoever reads the order; an order.shipment_created webhook per shipment', async () => {
    const hook = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks',
      headers: as(shop),
      payload: { url: 'https://erp.example.com/ship', events: ['order.shipment_created'] },
    });
    expect(hook.statusCode).toBe(201);
    const order = await paidOrder();
    const s = (await ship(order._id, { lines: [{ productId: products[1]!.id, quantity: 30 }], carrier: 'USPS', trackingNumber: '9400' })).json() as Shipment;
    const slip = await t.app.inject({ url: `/api/shipments/${s._id}/packing-slip`, headers: as(buyer) });
    expect(slip.statusCode).toBe(200);
    expect(slip.headers['content-type']).toBe('application/pdf');
    const text = pdfText(slip.rawPayload);
    for (const part of ['PACKING SLIP', s.shipmentNumber, order.orderNumber, products[1]!.sku, 'Tracking number: 9400', ADDRESS.line1])
      expect(text).toContain(part);
    const stranger = await signUp(t.app);
    expect((await t.app.inject({ url: `/api/shipments/${s._id}/packing-slip`, headers: as(stranger) })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/purchase/${order._id}/shipments`, headers: as(stranger) })).statusCode).toBe(404);
    const rows = await t.database.db.selectFrom('webhook_deliveries').select(['event', 'payload']).where('event', '=', 'order.shipment_created').execute();
    const payloads = rows.map((r) => JSON.parse(r.payload) as { data: { shipment: Shipment; order: Order } });
    const mine = payloads.find((p) => p.data.shipment._id === s._id);
    expect(mine?.data.order).toMatchObject({ _id: order._id, status: 'partially_shipped' });
  });

  it('carriers’ tracking templates are the admins’: the list replaced whole, each template with {tracking}', async () => {
    const list = (await t.app.inject({ url: '/api/carriers', headers: as(shop) })).json() as Carrier[];
    expect(list.map((c) => c.code)).toEqual(['UPS', 'FEDEX', 'DHL', 'USPS']);
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/carriers',
      headers: as(shop),
      payload: { carriers: [{ code: 'X', name: 'X', trackingUrlTemplate: 'https://x.example/track' }] },
    });
    expect(bad.statusCode).toBe(400);
    expect((bad.json() as ApiError).fields?.['carriers.0.trackingUrlTemplate']).toMatch(/\{tracking\}/);
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/carriers',
      headers: as(shop),
      payload: { carriers: [...list, { code: 'pallet-co', name: 'Pallet Co', trackingUrlTemplate: 'https://pallet.example/t/{tracking}' }] },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((saved.json() as Carrier[]).at(-1)).toEqual({ code: 'PALLET-CO', name: 'Pallet Co', trackingUrlTemplate: 'https://pallet.example/t/{tracking}' });
    const order = await paidOrder();
    const s = (
      await ship(order._id, { lines: [{ productId: products[2]!.id, quantity: 100 }], carrier: 'Pallet Co', trackingNumber: 'P/1' })
    ).json() as Shipment;
    expect(s.trackingUrl).toBe('https://pallet.example/t/P%2F1');
    expect((await t.app.inject({ url: '/api/carriers', headers: as(buyer) })).statusCode).toBe(403);
  });
});
