import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RETURN_MESSAGES, type ApiError, type Company, type Order, type Return } from '@bulkparts/shared';
import { cartClient, insertProducts, stockOf, type TestProduct } from '../helpers/cart.js';
import { signUp, type SignedInUser } from '../helpers/factories.js';
import { createTestApp, engine, type TestApp } from '../helpers/test-app.js';
import { addMember, createCompany, mailTo, orderClient, pdfText, shopAdmin } from '../orders/company-helpers.js';
import { returnClient, shippedOrder } from './return-helpers.js';

/**
 * Issue 31: returns cannot exceed what shipped (nor together, at once); a shop admin approves or
 * rejects, then receives (good pieces back into a warehouse's stock); receipt issues a credit
 * note (CN-…) at the invoiced prices, refunded through the test gateway (a part of the payment) or
 * credited to an unpaid invoice on account (the company's credit back); mails and webhooks at each step.
 */
let t: TestApp;
let shop: SignedInUser;
let buyer: SignedInUser;
let products: TestProduct[];

beforeAll(async () => {
  t = await createTestApp();
  [shop, buyer] = await Promise.all([shopAdmin(t.app), signUp(t.app)]);
  products = await insertProducts(t.database, 3, { stock: 10_000 });
  const hook = await t.app.inject({
    method: 'POST',
    url: '/api/webhooks',
    headers: { cookie: shop.cookie },
    payload: { url: 'https://erp.example.com/returns', events: ['return.requested', 'return.received', 'credit_note.created'] },
  });
  expect(hook.statusCode).toBe(201);
});
afterAll(async () => t?.close());

const webhookData = async (event: string) =>
  (await t.database.db.selectFrom('webhook_deliveries').select('payload').where('event', '=', event).execute()).map((r) => JSON.parse(r.payload).data);

describe(`returns and credit notes (${engine})`, () => {
  it('a return cannot exceed what shipped less what is already returned; only the buyer (or their company’s admin) asks', async () => {
    await cartClient(t.app, buyer).clear();
    const order = await cartClient(t.app, buyer).order(products, 100);
    await orderClient(t.app, shop)
      .markPaid(order._id)
      .catch(() => undefined);
    await t.app.inject({ method: 'PATCH', url: `/api/purchase/${order._id}`, headers: { cookie: shop.cookie }, payload: { status: 'paid' } });
    const mine = returnClient(t.app, buyer);
    // Nothing shipped yet: nothing to return.
    const early = await mine.request(order._id, { lines: [{ productId: products[0]!.id, quantity: 1, reason: 'Wrong size' }] });
    expect(early.statusCode).toBe(409);
    const ship = await t.app.inject({
      method: 'POST',
      url: `/api/purchase/${order._id}/shipments`,
      headers: { cookie: shop.cookie },
      payload: { lines: [{ productId: products[0]!.id, quantity: 60 }] },
    });
    expect(ship.statusCode).toBe(201);
    const over = await mine.request(order._id, { lines: [{ productId: products[0]!.id, quantity: 61, reason: 'Wrong size' }] });
    expect(over.statusCode).toBe(409);
    expect((over.json() as ApiError).lines?.[0]?.message).toBe(`${products[0]!.sku}: only 60 shipped pieces can still be returned`);
    const unshipped = await mine.request(order._id, { lines: [{ productId: products[1]!.id, quantity: 1, reason: 'Wrong size' }] });
    expect(unshipped.statusCode).toBe(409);
    expect((await mine.request(order._id, { lines: [{ productId: '0123456789abcdef01234567', quantity: 1, reason: 'x' }] })).statusCode).toBe(400);
    expect((await mine.request(order._id, { lines: [{ productId: products[0]!.id, quantity: 1, reason: ' ' }] })).statusCode).toBe(400);
    const stranger = await signUp(t.app);
    expect((await returnClient(t.app, stranger).request(order._id, { lines: [{ productId: products[0]!.id, quantity: 1, reason: 'x' }] })).statusCode).toBe(
      404,
    );
    // Two requests for every shipped piece at once: one is taken, the other is told.
    const both = await Promise.all([0, 1].map(() => mine.request(order._id, { lines: [{ productId: products[0]!.id, quantity: 60, reason: 'Damaged' }] })));
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const ret = both.find((r) => r.statusCode === 201)!.json() as Return;
    expect(ret).toMatchObject({
      rmaNumber: expect.stringMatching(/^RMA-\d{6}$/),
      status: 'requested',
      orderId: order._id,
      orderNumber: order.orderNumber,
      creditNote: null,
    });
    expect(ret.lines).toEqual([
      { productId: products[0]!.id, sku: products[0]!.sku, name: products[0]!.name, quantity: 60, reason: 'Damaged', received: null, damaged: null },
    ]);
    expect((await orderClient(t.app, buyer).order(order._id)).lines[0]!.returned).toBe(60);
    // Rejected, the pieces may be asked for again.
    const rejected = await returnClient(t.app, shop).reject(ret._id, 'Outside the terms');
    expect(rejected.json()).toMatchObject({ status: 'rejected', rejectionReason: 'Outside the terms' });
    expect((await returnClient(t.app, shop).approve(ret._id)).statusCode).toBe(409);
    expect((await orderClient(t.app, buyer).order(order._id)).lines[0]!.returned).toBe(0);
    expect((await mine.request(order._id, { lines: [{ productId: products[0]!.id, quantity: 60, reason: 'Damaged' }] })).statusCode).toBe(201);
    expect(await mailTo(t, buyer.email, (m) => m.subject.includes(ret.rmaNumber) && m.subject.endsWith('rejected'))).toBeDefined();
    expect(await mailTo(t, shop.email, (m) => m.subject.includes('waits for a decision'))).toBeDefined();
  });

  it('approved, then received: good pieces back into the warehouse named, a credit note at the invoiced prices refunded through the test gateway', async () => {
    const order = await shippedOrder(t.app, buyer, shop, products);
    const mine = returnClient(t.app, buyer);
    const admin = returnClient(t.app, shop);
    const ret = (
      await mine.request(order._id, {
        lines: [
          { productId: products[0]!.id, quantity: 40, reason: 'Wrong thread' },
          { productId: products[1]!.id, quantity: 10, reason: 'Damaged in transit' },
        ],
        note: 'Collected from dock 3',
      })
    ).json() as Return;
    expect((await admin.receive(ret._id, { lines: [] })).statusCode).toBe(409);
    expect((await admin.approve(ret._id)).json()).toMatchObject({ status: 'approved' });
    const stockBefore = await stockOf(t.database, products[0]!.id);
    const east = async () =>
      (
        (await t.app.inject({ url: `/api/service/${products[0]!.id}/stock`, headers: { cookie: shop.cookie } })).json() as {
          warehouses: { warehouse: string; onHand: number }[];
        }
      ).warehouses.find((w) => w.warehouse === 'EAST')!.onHand;
    const eastBefore = await east();
    const bad = await admin.receive(ret._id, { lines: [{ productId: products[0]!.id, received: 41, damaged: 0 }] });
    expect(bad.statusCode).toBe(400);
    const received = await admin.receive(ret._id, {
      lines: [
        { productId: products[0]!.id, received: 40, damaged: 5, warehouse: 'east' },
        { productId: products[1]!.id, received: 8, damaged: 0 },
      ],
    });
    expect(received.statusCode, received.body).toBe(200);
    const done = received.json() as Return;
    // $1.00 and $1.01 a piece: 40 × 1.00 + 8 × 1.01 = $48.08, refunded through the test gateway.
    expect(done).toMatchObject({ status: 'refunded', refundError: null, creditNote: { number: expect.stringMatching(/^CN-\d{6}$/), total: 48.08 } });
    expect(done.lines.map((l) => [l.received, l.damaged])).toEqual([
      [40, 5],
      [8, 0],
    ]);
    expect(await stockOf(t.database, products[0]!.id)).toBe(stockBefore + 35);
    expect(await east()).toBe(eastBefore + 35);
    // Two pieces never came: they may be returned again.
    expect((await orderClient(t.app, buyer).order(order._id)).lines.map((l) => l.returned)).toEqual([40, 8, 0]);
    const after = await orderClient(t.app, buyer).order(order._id);
    expect(after.credited).toBe(48.08);
    // The credit note's PDF: the buyer's, the admin's, nobody else's.
    const pdf = await mine.creditNotePdf(done.creditNote!._id);
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload);
    for (const part of [
      'CREDIT NOTE',
      done.creditNote!.number,
      done.rmaNumber,
      order.orderNumber,
      products[0]!.sku,
      'Tax reversed: $0.00',
      'Total credited: $48.08',
      // Issue 30: the seller record, as every document prints it.
      'Bulkparts Ltd',
      '1 Industrial Way',
      'United States',
    ])
      expect(text).toContain(part);
    expect((await admin.creditNotePdf(done.creditNote!._id)).statusCode).toBe(200);
    expect((await returnClient(t.app, await signUp(t.app)).creditNotePdf(done.creditNote!._id)).statusCode).toBe(404);
    // Mails and webhooks at each step.
    expect(await mailTo(t, buyer.email, (m) => m.subject.includes(`${done.rmaNumber}: refunded`))).toBeDefined();
    expect((await webhookData('return.requested')).some((d) => d._id === ret._id)).toBe(true);
    expect((await webhookData('return.received')).some((d) => d._id === ret._id && d.status === 'received')).toBe(true);
    const note = (await webhookData('credit_note.created')).find((d) => d.returnId === ret._id);
    expect(note).toMatchObject({ number: done.creditNote!.number, subtotal: 48.08, tax: 0, total: 48.08, method: 'card' });
  });

  it('returned in parts, a line’s credit notes add up to exactly what it was invoiced, never more', async () => {
    const [p] = await insertProducts(t.database, 1, { stock: 10_000 });
    const order = await shippedOrder(t.app, buyer, shop, [p!], { quantity: 300 });
    const line = order.lines[0]!;
    const totals: number[] = [];
    for (const pieces of [100, 100, 100]) {
      const ret = (
        await returnClient(t.app, buyer).request(order._id, { lines: [{ productId: p!.id, quantity: pieces, reason: 'Surplus' }] })
      ).json() as Return;
      await returnClient(t.app, shop).approve(ret._id);
      totals.push(
        ((await returnClient(t.app, shop).receive(ret._id, { lines: [{ productId: p!.id, received: pieces, damaged: 0 }] })).json() as Return).creditNote!
          .total,
      );
    }
    expect(Math.round(totals.reduce((a, b) => a + b, 0) * 100)).toBe(Math.round(line.lineTotal * 100));
    expect((await orderClient(t.app, buyer).order(order._id)).credited).toBe(order.total);
    expect((await returnClient(t.app, buyer).request(order._id, { lines: [{ productId: p!.id, quantity: 1, reason: 'Again' }] })).statusCode).toBe(409);
  });

  it('an unpaid order on account is credited, and its company’s credit available rises by the credit note', async () => {
    const c = await createCompany(t.app, { paymentTerms: 'net30', creditLimit: 10_000 });
    const member = await addMember(t, c, 'buyer');
    const order = await shippedOrder(t.app, member, shop, [products[0]!], { pay: async () => {}, quantity: 200, checkout: { paymentMethod: 'account' } });
    expect(order).toMatchObject({ status: 'shipped', paid: false, paymentMethod: 'account' });
    const used = async () =>
      ((await t.app.inject({ url: `/api/companies/${c.company.id}`, headers: { cookie: c.admin.cookie } })).json() as Company).creditUsed;
    expect(await used()).toBe(200);
    // The company's admin returns for the member; the company's returns list shows it.
    const ret = (
      await returnClient(t.app, c.admin).request(order._id, { lines: [{ productId: products[0]!.id, quantity: 50, reason: 'Over-ordered' }] })
    ).json() as Return;
    expect((await returnClient(t.app, c.admin).list()).json()).toEqual(expect.arrayContaining([expect.objectContaining({ _id: ret._id })]));
    await returnClient(t.app, shop).approve(ret._id);
    const done = (await returnClient(t.app, shop).receive(ret._id, { lines: [{ productId: products[0]!.id, received: 50, damaged: 0 }] })).json() as Return;
    expect(done).toMatchObject({ status: 'refunded', creditNote: { total: 50 } });
    expect(await used()).toBe(150);
    expect(((await orderClient(t.app, member).order(order._id)) as Order).credited).toBe(50);
  });

  it('the shipping is credited once: a second return asking for it is refused (409 naming refundShipping), also when both arrive at once', async () => {
    const [p, q, r] = await insertProducts(t.database, 3, { stock: 10_000 });
    // 50 pieces a line, no weight: the parcel's first band ($6.95), charged once on the order.
    const order = await shippedOrder(t.app, buyer, shop, [p!, q!, r!], { quantity: 50, checkout: { shippingMethod: 'parcel' } });
    expect(order.totals?.shipping).toBe(6.95);
    const approved = async (product: TestProduct) => {
      const ret = (
        await returnClient(t.app, buyer).request(order._id, { lines: [{ productId: product.id, quantity: 50, reason: 'Wrong part' }] })
      ).json() as Return;
      expect((await returnClient(t.app, shop).approve(ret._id)).statusCode).toBe(200);
      return ret._id;
    };
    const receive = (id: string, product: TestProduct) =>
      returnClient(t.app, shop).receive(id, { lines: [{ productId: product.id, received: 50, damaged: 0 }], refundShipping: true });
    // Two returns received at once, both asking for the shipping: one credit note carries it.
    const [first, second] = [await approved(p!), await approved(q!)];
    const both = await Promise.all([receive(first, p!), receive(second, q!)]);
    expect(both.map((b) => b.statusCode).sort()).toEqual([200, 409]);
    const refused = both.find((b) => b.statusCode === 409)!;
    expect(refused.json()).toMatchObject({
      message: RETURN_MESSAGES.shippingCreditedAlready,
      fields: { refundShipping: RETURN_MESSAGES.shippingCreditedAlready },
    });
    const notes = await t.database.db.selectFrom('credit_notes').select(['shipping_cents']).where('order_id', '=', order._id).execute();
    expect(notes.map((n) => Number(n.shipping_cents))).toEqual([695]);
    // The refused one is still approved: received again without the shipping, it is credited its lines.
    const retry = both[0]!.statusCode === 409 ? [first, p!] : [second, q!];
    const again = await returnClient(t.app, shop).receive(retry[0] as string, {
      lines: [{ productId: (retry[1] as TestProduct).id, received: 50, damaged: 0 }],
    });
    expect(again.statusCode, again.body).toBe(200);
    const credited = await t.database.db.selectFrom('credit_notes').select(['shipping_cents']).where('order_id', '=', order._id).execute();
    expect(credited.map((n) => Number(n.shipping_cents)).sort((a, b) => a - b)).toEqual([0, 695]);
    // A third return asking for the shipping again: refused.
    const third = await receive(await approved(r!), r!);
    expect(third.statusCode).toBe(409);
  });

  it('lists returns: a buyer their own, shop admins all of them, by status', async () => {
    const own = (await returnClient(t.app, buyer).list()).json() as Return[];
    expect(own.length).toBeGreaterThan(0);
    expect(own.every((r) => r.userEmail === buyer.email)).toBe(true);
    const refunded = await returnClient(t.app, shop).list('?status=refunded&limit=100');
    expect(refunded.headers['x-total-count']).toBeDefined();
    expect((refunded.json() as Return[]).every((r) => r.status === 'refunded')).toBe(true);
    const one = await returnClient(t.app, buyer).get(own[0]!._id);
    expect(one.statusCode).toBe(200);
    expect((one.json() as Return)._id).toBe(own[0]!._id);
    expect(((await returnClient(t.app, shop).get(own[0]!._id)).json() as Return).rmaNumber).toBe(own[0]!.rmaNumber);
    expect((await returnClient(t.app, await signUp(t.app)).get(own[0]!._id)).statusCode).toBe(404);
    expect((await returnClient(t.app, buyer).approve(own[0]!._id)).statusCode).toBe(403);
  });

  it('the return window closes RETURN_WINDOW_DAYS after the last delivery', async () => {
    const order = await shippedOrder(t.app, buyer, shop, [products[2]!]);
    const long = new Date(Date.now() - 31 * 86_400_000).toISOString();
    await t.database.db.updateTable('shipments').set({ shipped_at: long, delivered_at: long }).where('order_id', '=', order._id).execute();
    const res = await returnClient(t.app, buyer).request(order._id, { lines: [{ productId: products[2]!.id, quantity: 1, reason: 'Late' }] });
    expect(res.statusCode).toBe(409);
    expect((res.json() as ApiError).message).toMatch(/within 30 days/);
  });
});
