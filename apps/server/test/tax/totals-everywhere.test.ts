import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planOrder, type Cart, type Order, type TaxContext } from '@bulkparts/shared';
import { startFakeStripe, type FakeStripe } from '../payments/stripe-fake.js';
import { ADDRESS, cartClient, insertProducts, type TestProduct } from '../helpers/cart.js';
import { signUp } from '../helpers/factories.js';
import { createTestApp, engine, type TestApp } from '../helpers/test-app.js';
import { pdfText, shopAdmin } from '../orders/company-helpers.js';

let t: TestApp;
let fake: FakeStripe;
let products: TestProduct[];

beforeAll(async () => {
  fake = await startFakeStripe();
  t = await createTestApp({
    env: {
      SELLER_COUNTRY: 'DE',
      STRIPE_SECRET_KEY: 'sk_test_fixture',
      STRIPE_WEBHOOK_SECRET: 'whsec_test_bulkparts',
      STRIPE_API_BASE: fake.url,
      WEBHOOKS_ALLOW_PRIVATE: 'true',
    },
  });
  products = await insertProducts(t.database, 4, { stock: 100_000, minimum: 1 });
  await t.database.db.updateTable('products').set({ tax_class: 'reduced' }).where('id', '=', products[1]!.id).execute();
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const cents = (dollars: number) => Math.round(dollars * 100);

describe(`one order's total, the same everywhere (${engine})`, () => {
  it('the cart planned as the web’s checkout plans it, the checkout’s answer, the order, the Stripe line items, the invoice PDF, the order.placed webhook and the CSV export', async () => {
    const admin = await shopAdmin(t.app);
    const hook = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks',
      headers: { cookie: admin.cookie },
      payload: { url: 'http://127.0.0.1:9/hooks', events: ['order.placed'] },
    });
    expect(hook.statusCode).toBe(201);
    const buyer = await signUp(t.app);
    const cart = cartClient(t.app, buyer);
    expect((await cart.add(products.map((p, i) => ({ sku: p.sku, quantity: 50 + i * 17 })))).statusCode).toBe(200);
    const shipTo = { ...ADDRESS, country: 'Germany' };

    // What the web's checkout shows: the cart's lines and the ship-to's tax context through the shared planOrder.
    const answer = (await cart.get()).json() as Cart;
    const context = (await t.app.inject({ method: 'GET', url: '/api/tax/context?country=Germany', headers: { cookie: buyer.cookie } })).json() as TaxContext;
    // The shipping options the checkout offers for the ship-to: without a choice, the cheapest (as the server takes).
    const options = (await t.app.inject({ method: 'GET', url: '/api/cart/shipping-options?country=Germany', headers: { cookie: buyer.cookie } })).json() as {
      code: string;
      price: number;
    }[];
    const cheapest = [...options].sort((a, b) => a.price - b.price)[0];
    const plan = planOrder({
      buyer: null,
      lines: answer.lines.map((l) => ({
        product: {
          priceE4: Math.round(l.unitPrice * 10_000),
          minimumOrderQuantity: 1,
          availableQuantity: l.availableQuantity,
          archived: false,
          taxClass: l.taxClass,
        },
        quantity: l.quantity,
      })),
      paymentMethod: 'card',
      now: new Date().toISOString(),
      shipping: cheapest ? { priceCents: cents(cheapest.price) } : undefined,
      tax: context,
    });
    expect(plan.totals.taxTotalCents).toBeGreaterThan(0);

    // The checkout's answer and the order read back.
    const res = await cart.checkout({ shippingAddress: shipTo });
    expect(res.statusCode).toBe(201);
    const placed = res.json() as Order;
    const expected = plan.totals.totalCents;
    expect(cents(placed.total)).toBe(expected);
    expect(placed.totals).toEqual({
      subtotal: plan.totals.subtotalCents / 100,
      shipping: plan.totals.shippingCents / 100,
      tax: plan.totals.tax.map((g) => ({ name: g.name, rate: g.rateBp / 100, base: g.baseCents / 100, amount: g.amountCents / 100 })),
      taxTotal: plan.totals.taxTotalCents / 100,
      total: expected / 100,
    });
    const order = (await t.app.inject({ url: `/api/purchase/${placed._id}`, headers: { cookie: buyer.cookie } })).json() as Order;
    expect(cents(order.total)).toBe(expected);

    // Stripe Checkout: the lines plus a tax line add up to the order's total.
    const pay = await t.app.inject({ method: 'POST', url: `/api/purchase/${order._id}/pay`, headers: { cookie: buyer.cookie }, payload: {} });
    expect(pay.statusCode).toBe(200);
    const session = fake.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1)!;
    let stripeTotal = 0;
    const names: string[] = [];
    for (let i = 0; session.form.has(`line_items[${i}][quantity]`); i++) {
      stripeTotal += Number(session.form.get(`line_items[${i}][quantity]`)) * Number(session.form.get(`line_items[${i}][price_data][unit_amount]`));
      names.push(session.form.get(`line_items[${i}][price_data][product_data][name]`) ?? '');
    }
    expect(names.at(-1)).toBe('Tax');
    expect(stripeTotal).toBe(expected);

    // Stripe says it is paid (a signed checkout.session.completed); the invoice PDF prints the same total.
    const event = JSON.stringify({
      id: `evt_totals_${order._id}`,
      object: 'event',
      type: 'checkout.session.completed',
      data: {
        object: {
          id: 'cs_test_totals',
          object: 'checkout.session',
          payment_status: 'paid',
          amount_total: expected,
          currency: 'usd',
          payment_intent: `pi_test_${order._id}`,
          metadata: { orderId: order._id },
          client_reference_id: order._id,
        },
      },
    });
    const signature = new Stripe('sk_test_fixture').webhooks.generateTestHeaderString({ payload: event, secret: 'whsec_test_bulkparts' });
    const paid = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload: event,
    });
    expect(paid.json()).toEqual({ received: true, outcome: 'paid' });
    const invoice = await t.app.inject({ url: `/api/purchase/${order._id}/invoice`, headers: { cookie: buyer.cookie } });
    expect(invoice.statusCode).toBe(200);
    const text = pdfText(invoice.rawPayload).replace(/\s*\n\s*/g, ' ');
    const money = (c: number) => `$${(c / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
    expect(text).toContain(`Total paid: ${money(expected)}`);
    expect(text).toContain(`Subtotal (net): ${money(plan.totals.subtotalCents)}`);
    for (const g of plan.totals.tax) expect(text).toContain(`${g.name} on ${money(g.baseCents)}: ${money(g.amountCents)}`);

    // The order.placed webhook's payload.
    const [delivery] = await t.database.db.selectFrom('webhook_deliveries').select(['payload']).where('event', '=', 'order.placed').execute();
    const data = (JSON.parse(delivery!.payload) as { data: Order }).data;
    expect(cents(data.total)).toBe(expected);
    expect(data.totals).toEqual(order.totals);

    // The CSV export: every row of the order names its total, subtotal and tax.
    const csv = await t.app.inject({ url: '/api/purchase/export.csv', headers: { cookie: admin.cookie } });
    const rows = csv.body
      .trimEnd()
      .split('\r\n')
      .map((r) => r.split(','));
    const header = rows[0]!;
    const mine = rows.filter((r) => r[0] === order._id);
    expect(mine).toHaveLength(products.length);
    for (const r of mine) {
      expect(cents(Number(r[header.indexOf('Total')]))).toBe(expected);
      expect(cents(Number(r[header.indexOf('Subtotal')]))).toBe(plan.totals.subtotalCents);
      expect(cents(Number(r[header.indexOf('Tax')]))).toBe(plan.totals.taxTotalCents);
    }
    const lineTax = mine.reduce((n, r) => n + cents(Number(r[header.indexOf('Line tax')])), 0);
    expect(lineTax).toBe(plan.totals.taxTotalCents);
  });
});
