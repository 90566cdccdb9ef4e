import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '@bulkparts/shared';
import { placeOrder, signUp, signUpAdmin, type SignedInUser } from '../helpers/factories.js';
import { createTestApp, engine, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let buyer: SignedInUser;
let other: SignedInUser;
let admin: SignedInUser;

const GOOD = { cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };
const DECLINED = { ...GOOD, cardNumber: '4000 0000 0000 0002' };

beforeAll(async () => {
  t = await createTestApp();
  buyer = await signUp(t.app);
  other = await signUp(t.app);
  admin = await signUpAdmin(t.app);
});
afterAll(async () => t?.close());

const pay = (user: SignedInUser | null, id: string, body: unknown) =>
  t.app.inject({ method: 'POST', url: `/api/purchase/${id}/pay`, headers: user ? { cookie: user.cookie } : {}, payload: body as object });
const getOrder = async (id: string) => (await t.app.inject({ url: `/api/purchase/${id}`, headers: { cookie: buyer.cookie } })).json() as Order;

describe(`test card gateway (${engine})`, () => {
  it('says which provider the web app should show', async () => {
    const res = await t.app.inject({ url: '/api/payment-config' });
    expect(res.json()).toEqual({ provider: 'test-card' });
  });

  it('pays with 4242…, keeps only brand and last four, numbers invoices and mails the buyer', async () => {
    const order = await placeOrder(t.app, buyer);
    const res = await pay(buyer, order._id, GOOD);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'paid', orderId: order._id });
    const paid = await getOrder(order._id);
    expect(paid).toMatchObject({ paid: true, status: 'paid', cardBrand: 'Visa', cardLast4: '4242' });
    expect(paid.paymentReference).toMatch(/^tc_/);
    expect(paid.invoiceNumber).toBeGreaterThanOrEqual(1);
    const stored = await t.database.db.selectFrom('orders').selectAll().where('id', '=', order._id).executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain('4242424242424242');
    await expect.poll(() => t.mail.some((m) => m.to === buyer.email && /was paid/.test(m.subject))).toBe(true);

    const second = await placeOrder(t.app, buyer);
    await pay(buyer, second._id, GOOD);
    expect((await getOrder(second._id)).invoiceNumber).toBe(paid.invoiceNumber! + 1);
  });

  it('cannot pay twice, even concurrently', async () => {
    const order = await placeOrder(t.app, buyer);
    const results = await Promise.all(Array.from({ length: 5 }, () => pay(buyer, order._id, GOOD)));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(4);
    const again = await pay(buyer, order._id, GOOD);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: 'ALREADY_PAID', message: 'This order is already paid' });
  });

  it('declines 4000 0000 0000 0002 and leaves the order unpaid', async () => {
    const order = await placeOrder(t.app, buyer);
    const res = await pay(buyer, order._id, DECLINED);
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ error: 'PAYMENT_DECLINED', message: 'Your card was declined.' });
    expect(await getOrder(order._id)).toMatchObject({ paid: false, status: 'pending', invoiceNumber: null });
  });

  it('refuses bad card fields by name', async () => {
    const order = await placeOrder(t.app, buyer);
    const cases: Array<[object, string, string]> = [
      [{ ...GOOD, cardNumber: '4242 4242 4242 4241' }, 'cardNumber', 'Card number is not valid'],
      [{ ...GOOD, cardNumber: '12ab' }, 'cardNumber', 'Card number must be 12 to 19 digits'],
      [{ ...GOOD, expiry: '01/20' }, 'expiry', 'Card has expired'],
      [{ ...GOOD, expiry: '13/30' }, 'expiry', 'Expiry must be MM/YY'],
      [{ ...GOOD, cvc: '12' }, 'cvc', 'CVC must be 3 or 4 digits'],
      [{}, 'cardNumber', 'Card number is required'],
    ];
    for (const [body, field, message] of cases) {
      const res = await pay(buyer, order._id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().fields?.[field], JSON.stringify(body)).toBe(message);
    }
    expect((await getOrder(order._id)).status).toBe('pending');
  });

  it("nobody pays another buyer's order; anonymous callers are 401", async () => {
    const order = await placeOrder(t.app, buyer);
    expect((await pay(null, order._id, GOOD)).statusCode).toBe(401);
    expect((await pay(other, order._id, GOOD)).statusCode).toBe(404);
    expect((await pay(admin, order._id, GOOD)).statusCode).toBe(404);
    expect((await pay(buyer, 'not-an-id', GOOD)).statusCode).toBe(404);
    expect((await getOrder(order._id)).status).toBe('pending');
  });

  it('a cancelled order cannot be paid', async () => {
    const order = await placeOrder(t.app, buyer);
    await t.app.inject({ method: 'DELETE', url: `/api/purchase/${order._id}`, headers: { cookie: buyer.cookie } });
    const res = await pay(buyer, order._id, GOOD);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('An order that is cancelled cannot be paid');
  });
});

describe(`invoices (${engine})`, () => {
  it('a paid order downloads a PDF invoice; owner and admin only', async () => {
    const order = await placeOrder(t.app, buyer);
    const unpaid = await t.app.inject({ url: `/api/purchase/${order._id}/invoice`, headers: { cookie: buyer.cookie } });
    expect(unpaid.statusCode).toBe(409);
    await pay(buyer, order._id, GOOD);
    const res = await t.app.inject({ url: `/api/purchase/${order._id}/invoice`, headers: { cookie: buyer.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="invoice-INV-\d{6}\.pdf"$/);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(res.rawPayload.length).toBeGreaterThan(1000);
    expect((await t.app.inject({ url: `/api/purchase/${order._id}/invoice`, headers: { cookie: admin.cookie } })).statusCode).toBe(200);
    expect((await t.app.inject({ url: `/api/purchase/${order._id}/invoice`, headers: { cookie: other.cookie } })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/purchase/${order._id}/invoice` })).statusCode).toBe(401);
  });
});

describe(`lifecycle with payments (${engine})`, () => {
  const patch = (id: string, status: string, cookie = admin.cookie) =>
    t.app.inject({ method: 'PATCH', url: `/api/purchase/${id}`, headers: { cookie }, payload: { status } });

  it('pending → paid → shipped → delivered, mails on shipped; refusals answer 409', async () => {
    const order = await placeOrder(t.app, buyer);
    expect((await patch(order._id, 'shipped')).statusCode).toBe(409);
    await pay(buyer, order._id, GOOD);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/purchase/${order._id}`, headers: { cookie: buyer.cookie } })).json()).toMatchObject({
      error: 'ALREADY_PAID',
      message: 'A paid order cannot be cancelled',
    });
    expect((await patch(order._id, 'shipped', buyer.cookie)).statusCode).toBe(403);
    expect((await patch(order._id, 'shipped')).json()).toMatchObject({ status: 'shipped' });
    await expect.poll(() => t.mail.some((m) => m.to === buyer.email && /was shipped/.test(m.subject))).toBe(true);
    expect((await patch(order._id, 'refunded')).statusCode).toBe(409);
    expect((await patch(order._id, 'delivered')).json()).toMatchObject({ status: 'delivered' });
    expect((await patch(order._id, 'pending')).statusCode).toBe(409);
  });

  it('paid → refunded through the provider', async () => {
    const order = await placeOrder(t.app, buyer);
    await pay(buyer, order._id, GOOD);
    const res = await patch(order._id, 'refunded');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'refunded', paid: true });
    await expect.poll(() => t.mail.some((m) => m.to === buyer.email && /was refunded/.test(m.subject))).toBe(true);
  });
});

describe(`webhooks without a provider that sends them (${engine})`, () => {
  it('the test gateway refuses every webhook with a 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: { 'content-type': 'application/json' },
      payload: '{"id":"evt_1"}',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('BAD_REQUEST');
  });
});
