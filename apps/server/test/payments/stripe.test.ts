import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '@bulkparts/shared';
import { placeOrder, signUp, signUpAdmin, type SignedInUser } from '../helpers/factories.js';
import { createTestApp, engine, type TestApp } from '../helpers/test-app.js';
import { startFakeStripe, type FakeStripe } from './stripe-fake.js';

const WEBHOOK_SECRET = 'whsec_test_bulkparts';
const stripe = new Stripe('sk_test_fixture');
let fake: FakeStripe;
let t: TestApp;
let buyer: SignedInUser;
let admin: SignedInUser;

beforeAll(async () => {
  fake = await startFakeStripe();
  t = await createTestApp({ env: { STRIPE_SECRET_KEY: 'sk_test_fixture', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_BASE: fake.url } });
  buyer = await signUp(t.app);
  admin = await signUpAdmin(t.app);
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

let eventSeq = 0;
/** A checkout.session.completed event as Stripe would send it, signed with the webhook secret. */
function completedEvent(orderId: string, amountCents: number, id = `evt_test_${++eventSeq}`) {
  return JSON.stringify({
    id,
    object: 'event',
    type: 'checkout.session.completed',
    data: {
      object: {
        id: 'cs_test_x',
        object: 'checkout.session',
        payment_status: 'paid',
        amount_total: amountCents,
        currency: 'usd',
        payment_intent: `pi_test_${orderId}`,
        metadata: { orderId },
        client_reference_id: orderId,
      },
    },
  });
}
const deliver = (payload: string, signature = stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET })) =>
  t.app.inject({ method: 'POST', url: '/api/payments/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, payload });
const getOrder = async (id: string) => (await t.app.inject({ url: `/api/purchase/${id}`, headers: { cookie: buyer.cookie } })).json() as Order;
const cents = (dollars: number) => Math.round(dollars * 100);

describe(`Stripe (${engine})`, () => {
  it('Pay opens a Checkout Session with the server-side amount and does not mark the order paid', async () => {
    expect((await t.app.inject({ url: '/api/payment-config' })).json()).toEqual({ provider: 'stripe' });
    const order = await placeOrder(t.app, buyer);
    const res = await t.app.inject({ method: 'POST', url: `/api/purchase/${order._id}/pay`, headers: { cookie: buyer.cookie }, payload: {} });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'redirect', redirectUrl: expect.stringMatching(/^https:\/\/checkout\.stripe\.test\//) });
    const call = fake.requests.find((r) => r.path === '/v1/checkout/sessions')!;
    expect(call.form.get('metadata[orderId]')).toBe(order._id);
    expect(Number(call.form.get('line_items[0][price_data][unit_amount]')) * Number(call.form.get('line_items[0][quantity]'))).toBe(cents(order.total));
    expect(call.idempotencyKey).toBe(`checkout-${order._id}-${cents(order.total)}`);
    expect(await getOrder(order._id)).toMatchObject({ status: 'pending', paid: false });
  });

  it('a signed checkout.session.completed marks it paid; a replay changes nothing', async () => {
    const order = await placeOrder(t.app, buyer);
    const payload = completedEvent(order._id, cents(order.total));
    const first = await deliver(payload);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true, outcome: 'paid' });
    const paid = await getOrder(order._id);
    expect(paid).toMatchObject({ status: 'paid', paid: true, paymentReference: `pi_test_${order._id}` });

    const replay = await deliver(payload);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ received: true, outcome: 'replayed' });
    expect((await getOrder(order._id)).invoiceNumber).toBe(paid.invoiceNumber);
    const events = await t.database.db.selectFrom('payment_events').selectAll().where('order_id', '=', order._id).execute();
    expect(events).toHaveLength(1);
  });

  it('a bad or missing signature is a 400 and changes nothing', async () => {
    const order = await placeOrder(t.app, buyer);
    const payload = completedEvent(order._id, cents(order.total));
    const forged = stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_wrong' });
    const bad = await deliver(payload, forged);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: 'BAD_REQUEST', message: 'Webhook signature verification failed' });
    const tampered = await deliver(
      payload.replace(`"amount_total":${cents(order.total)}`, '"amount_total":1'),
      stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
    );
    expect(tampered.statusCode).toBe(400);
    const missing = await t.app.inject({ method: 'POST', url: '/api/payments/webhook', headers: { 'content-type': 'application/json' }, payload });
    expect(missing.statusCode).toBe(400);
    expect(await getOrder(order._id)).toMatchObject({ status: 'pending', paid: false });
  });

  it('an amount that does not match the order does not mark it paid', async () => {
    const order = await placeOrder(t.app, buyer);
    const res = await deliver(completedEvent(order._id, 100));
    expect(res.json()).toEqual({ received: true, outcome: 'amount-mismatch' });
    expect((await getOrder(order._id)).status).toBe('pending');
  });

  it('events the shop does not act on are acknowledged', async () => {
    const payload = JSON.stringify({ id: 'evt_other_1', object: 'event', type: 'customer.created', data: { object: { id: 'cus_1' } } });
    expect((await deliver(payload)).json()).toEqual({ received: true, outcome: 'ignored' });
    expect((await deliver(payload)).json()).toEqual({ received: true, outcome: 'replayed' });
  });

  it('an admin refund goes through Stripe before the order becomes refunded', async () => {
    const order = await placeOrder(t.app, buyer);
    await deliver(completedEvent(order._id, cents(order.total)));
    const res = await t.app.inject({ method: 'PATCH', url: `/api/purchase/${order._id}`, headers: { cookie: admin.cookie }, payload: { status: 'refunded' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('refunded');
    const refund = fake.requests.find((r) => r.path === '/v1/refunds' && r.form.get('payment_intent') === `pi_test_${order._id}`);
    expect(refund).toBeDefined();
  });

  it('a second payment of a paid order (another checkout tab) is refunded; the first stays', async () => {
    const order = await placeOrder(t.app, buyer);
    await deliver(completedEvent(order._id, cents(order.total)));
    const second = JSON.parse(completedEvent(order._id, cents(order.total))) as { data: { object: { payment_intent: string } } };
    second.data.object.payment_intent = `pi_second_${order._id}`;
    const res = await deliver(JSON.stringify(second));
    expect(res.json()).toEqual({ received: true, outcome: 'not-pending' });
    expect(fake.requests.some((r) => r.path === '/v1/refunds' && r.form.get('payment_intent') === `pi_second_${order._id}`)).toBe(true);
    expect(fake.requests.some((r) => r.path === '/v1/refunds' && r.form.get('payment_intent') === `pi_test_${order._id}`)).toBe(false);
    expect(await getOrder(order._id)).toMatchObject({ status: 'paid', paymentReference: `pi_test_${order._id}` });
  });

  it('money paid for an order cancelled meanwhile is refunded', async () => {
    const order = await placeOrder(t.app, buyer);
    await t.app.inject({ method: 'DELETE', url: `/api/purchase/${order._id}`, headers: { cookie: buyer.cookie } });
    const res = await deliver(completedEvent(order._id, cents(order.total)));
    expect(res.json()).toEqual({ received: true, outcome: 'not-pending' });
    expect(fake.requests.some((r) => r.path === '/v1/refunds' && r.form.get('payment_intent') === `pi_test_${order._id}`)).toBe(true);
    expect((await getOrder(order._id)).status).toBe('cancelled');
  });
});
