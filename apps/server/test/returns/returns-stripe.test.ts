import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order, Return } from '@bulkparts/shared';
import { insertProducts, type TestProduct } from '../helpers/cart.js';
import { signUp, signUpAdmin, type SignedInUser } from '../helpers/factories.js';
import { createTestApp, engine, type TestApp } from '../helpers/test-app.js';
import { startFakeStripe, type FakeStripe } from '../payments/stripe-fake.js';
import { returnClient, shippedOrder } from './return-helpers.js';

/** Issue 31: a credit note on a Stripe payment is a partial refund (its amount, once per note); a declined one is kept and sent again. */
const WEBHOOK_SECRET = 'whsec_test_bulkparts';
const stripe = new Stripe('sk_test_fixture');
let fake: FakeStripe;
let t: TestApp;
let buyer: SignedInUser;
let admin: SignedInUser;
let products: TestProduct[];

beforeAll(async () => {
  fake = await startFakeStripe();
  t = await createTestApp({ env: { STRIPE_SECRET_KEY: 'sk_test_fixture', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_BASE: fake.url } });
  [buyer, admin] = await Promise.all([signUp(t.app), signUpAdmin(t.app)]);
  products = await insertProducts(t.database, 2, { stock: 10_000 });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

/** Paid as Stripe's signed checkout.session.completed says. */
async function payByStripe(order: Order) {
  const payload = JSON.stringify({
    id: `evt_${order._id}`,
    object: 'event',
    type: 'checkout.session.completed',
    data: {
      object: {
        id: `cs_${order._id}`,
        object: 'checkout.session',
        payment_status: 'paid',
        amount_total: Math.round(order.total * 100),
        currency: 'usd',
        payment_intent: `pi_test_${order._id}`,
        metadata: { orderId: order._id },
      },
    },
  });
  const signature = stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/payments/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload,
  });
  expect(res.json()).toMatchObject({ outcome: 'paid' });
}

describe(`returns refunded through Stripe (${engine})`, () => {
  it('a credit note refunds its amount of the payment, once; a declined refund is kept and sent again', async () => {
    const order = await shippedOrder(t.app, buyer, admin, products, { pay: payByStripe });
    const ret = (
      await returnClient(t.app, buyer).request(order._id, { lines: [{ productId: products[1]!.id, quantity: 30, reason: 'Wrong grade' }] })
    ).json() as Return;
    await returnClient(t.app, admin).approve(ret._id);
    fake.refuseRefunds = true;
    const received = (
      await returnClient(t.app, admin).receive(ret._id, { lines: [{ productId: products[1]!.id, received: 30, damaged: 0 }] })
    ).json() as Return;
    // 30 × $1.01: the credit note stands; the refund waits to be sent again.
    expect(received).toMatchObject({ status: 'received', creditNote: { total: 30.3 }, refundError: expect.stringMatching(/could not be made/) });
    fake.refuseRefunds = false;
    const refunded = await returnClient(t.app, admin).refund(ret._id);
    expect(refunded.json()).toMatchObject({ status: 'refunded', refundError: null });
    expect((await returnClient(t.app, admin).refund(ret._id)).statusCode).toBe(409);
    const calls = fake.requests.filter((r) => r.path === '/v1/refunds' && r.form.get('payment_intent') === `pi_test_${order._id}`);
    expect(calls.map((c) => c.form.get('amount'))).toEqual(['3030', '3030']);
    // The same note's refund keeps its idempotency key: Stripe makes it once however often it is sent.
    expect(new Set(calls.map((c) => c.idempotencyKey))).toEqual(new Set([`refund-pi_test_${order._id}-${received.creditNote!._id}`]));
  });
});
