import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import type { Webhook as WebhookJson, WebhookCreated, WebhookDelivery } from '@bulkparts/shared';
import { createWebhookSender } from '../../src/modules/webhooks/webhook-sender.js';
import { isPrivateAddress } from '../../src/modules/webhooks/webhook-address.js';
import { placeOrder, productWithStock, signUp, signUpAdmin, type SignedInUser } from '../helpers/factories.js';
import { createTestApp, engine, type TestApp } from '../helpers/test-app.js';
import { startReceiver, waitFor } from './receiver.js';
import { bareUnit } from '../helpers/bare-unit.js';

let t: TestApp;
let admin: SignedInUser;
let buyer: SignedInUser;

beforeAll(async () => {
  t = await createTestApp({ env: { WEBHOOKS_ALLOW_PRIVATE: 'true' } });
  admin = await signUpAdmin(t.app);
  buyer = await signUp(t.app);
});
afterAll(async () => t?.close());

async function createEndpoint(url: string, events: string[]): Promise<WebhookCreated> {
  const res = await t.app.inject({ method: 'POST', url: '/api/webhooks', headers: { cookie: admin.cookie }, payload: { url, events } });
  if (res.statusCode !== 201) throw new Error(`create webhook failed: ${res.statusCode} ${res.body}`);
  return res.json() as WebhookCreated;
}

const deliveryRows = (endpointId: string) =>
  t.database.db.selectFrom('webhook_deliveries').selectAll().where('endpoint_id', '=', endpointId).orderBy('created_at').execute();

/** Pauses every other endpoint so a test's deliveries are only its own. */
async function pauseAll(): Promise<void> {
  await t.database.db.updateTable('webhook_endpoints').set({ active: 0 }).execute();
}

describe(`webhooks (${engine})`, () => {
  it('CRUD: create answers the secret once; list, get, patch and delete never show it', async () => {
    const created = await createEndpoint('https://erp.example.com/hooks', ['order.placed', 'order.paid']);
    expect(created).toMatchObject({ url: 'https://erp.example.com/hooks', events: ['order.placed', 'order.paid'], active: true });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const list = await t.app.inject({ method: 'GET', url: '/api/webhooks', headers: { cookie: admin.cookie } });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(created.secret);
    expect((list.json() as WebhookJson[]).map((w) => w._id)).toContain(created._id);
    const one = await t.app.inject({ method: 'GET', url: `/api/webhooks/${created._id}`, headers: { cookie: admin.cookie } });
    expect(one.json()).toEqual({ _id: created._id, url: created.url, events: created.events, active: true, createdAt: created.createdAt });
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/webhooks/${created._id}`,
      headers: { cookie: admin.cookie },
      payload: { active: false, events: ['order.shipped'], url: 'https://erp.example.com/v2' },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ active: false, events: ['order.shipped'], url: 'https://erp.example.com/v2' });
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/webhooks/${created._id}`, headers: { cookie: admin.cookie } });
    expect(removed.statusCode).toBe(204);
    const gone = await t.app.inject({ method: 'GET', url: `/api/webhooks/${created._id}`, headers: { cookie: admin.cookie } });
    expect(gone.statusCode).toBe(404);
  });

  it('refuses bad input with a 400 naming the field, and customers with a 403', async () => {
    for (const payload of [
      { url: 'ftp://erp.example.com/x', events: ['order.placed'] },
      { url: 'javascript:alert(1)', events: ['order.placed'] },
      { url: 'https://erp.example.com', events: [] },
      { url: 'https://erp.example.com', events: ['order.placed', 'order.placed'] },
      { url: 'https://erp.example.com', events: ['order.exploded'] },
    ]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/webhooks', headers: { cookie: admin.cookie }, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys((res.json() as { fields: Record<string, string> }).fields)[0]).toMatch(/^(url|events)/);
    }
    const customer = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks',
      headers: { cookie: buyer.cookie },
      payload: { url: 'https://erp.example.com', events: ['order.placed'] },
    });
    expect(customer.statusCode).toBe(403);
  });

  it('an order placed with one endpoint: its delivery row commits with the order, none for an order that rolled back', async () => {
    await pauseAll();
    const receiver = await startReceiver();
    try {
      const endpoint = await createEndpoint(receiver.url, ['order.placed']);
      const order = await placeOrder(t.app, buyer, 100);
      // The row is there as soon as the order is answered: it was written in the order's transaction.
      const rows = await deliveryRows(endpoint._id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ event: 'order.placed' });
      expect(JSON.parse(rows[0]!.payload)).toMatchObject({ type: 'order.placed', data: { _id: order._id } });
      // A purchase refused for stock rolls back: no order, no delivery.
      const product = await productWithStock(t.app, 100);
      const refused = await t.app.inject({
        method: 'POST',
        url: '/api/purchase',
        headers: { cookie: buyer.cookie },
        payload: { productId: product._id, quantity: 10_000_000 },
      });
      expect(refused.statusCode).toBeGreaterThanOrEqual(400);
      expect(await deliveryRows(endpoint._id)).toHaveLength(1);
      // The worker sends it, signed so that Standard Webhooks' verify accepts it.
      await waitFor(() => receiver.received.length === 1);
      const got = receiver.received[0]!;
      expect(got.headers['webhook-id']).toBe(rows[0]!.id);
      const verified = new Webhook(endpoint.secret).verify(got.body, got.headers) as { type: string; timestamp: string; data: { _id: string } };
      expect(verified).toMatchObject({ type: 'order.placed', data: { _id: order._id } });
      expect(() => new Webhook(endpoint.secret).verify(got.body.replace('order.placed', 'order.paid'), got.headers)).toThrow();
      await waitFor(async () => (await deliveryRows(endpoint._id))[0]!.status === 'succeeded');
    } finally {
      await receiver.close();
    }
  });

  it('a receiver failing twice then succeeding gets the event exactly once more, with the same webhook-id', async () => {
    await pauseAll();
    const receiver = await startReceiver([500, 503]);
    const webhooks = t.app.services.webhooks;
    try {
      const endpoint = await createEndpoint(receiver.url, ['order.placed']);
      await placeOrder(t.app, buyer, 100);
      // The first attempt follows the commit; it fails and waits 5 s.
      await waitFor(async () => (await deliveryRows(endpoint._id))[0]?.attempts === 1);
      const [first] = await deliveryRows(endpoint._id);
      expect(first).toMatchObject({ status: 'pending', last_status_code: 500 });
      expect(Date.parse(first!.next_attempt_at!) - Date.now()).toBeGreaterThan(3_000);
      // Later clocks reach the retries without waiting for them: 5 s, then 30 s after that.
      const t2 = new Date(Date.now() + 6_000);
      await webhooks.deliverDue(t2);
      const [second] = await deliveryRows(endpoint._id);
      expect(second).toMatchObject({ status: 'pending', attempts: 2, last_status_code: 503, next_attempt_at: new Date(t2.getTime() + 30_000).toISOString() });
      expect(await webhooks.deliverDue(new Date(t2.getTime() + 10_000))).toBe(0);
      await webhooks.deliverDue(new Date(t2.getTime() + 31_000));
      const [third] = await deliveryRows(endpoint._id);
      expect(third).toMatchObject({ status: 'succeeded', attempts: 3, last_status_code: 204, next_attempt_at: null });
      expect(third!.delivered_at).not.toBeNull();
      // Nothing more, however late.
      expect(await webhooks.deliverDue(new Date(Date.now() + 3 * 86_400_000))).toBe(0);
      expect(receiver.received).toHaveLength(3);
      expect(new Set(receiver.received.map((r) => r.headers['webhook-id']))).toEqual(new Set([first!.id]));
      for (const r of receiver.received) expect(() => new Webhook(endpoint.secret).verify(r.body, r.headers)).not.toThrow();
      // The log as the API shows it.
      const log = await t.app.inject({ method: 'GET', url: `/api/webhooks/${endpoint._id}/deliveries?page=1&limit=10`, headers: { cookie: admin.cookie } });
      expect(log.statusCode).toBe(200);
      expect(log.headers['x-total-count']).toBe('1');
      expect((log.json() as WebhookDelivery[])[0]).toMatchObject({
        _id: first!.id,
        event: 'order.placed',
        status: 'succeeded',
        attempts: 3,
        lastStatusCode: 204,
      });
    } finally {
      await receiver.close();
    }
  });

  it('retries on the schedule, then marks the delivery failed; Resend queues the same delivery again now', async () => {
    await pauseAll();
    const receiver = await startReceiver([], 500);
    const webhooks = t.app.services.webhooks;
    try {
      const endpoint = await createEndpoint(receiver.url, ['order.placed']);
      await placeOrder(t.app, buyer, 100);
      await waitFor(async () => (await deliveryRows(endpoint._id))[0]?.attempts === 1);
      let clock = Date.now();
      const delays = [5_000, 30_000, 120_000, 600_000, 3_600_000, 21_600_000, 86_400_000];
      for (const delay of delays) {
        clock += delay + 1;
        expect(await webhooks.deliverDue(new Date(clock))).toBe(1);
      }
      const [failed] = await deliveryRows(endpoint._id);
      expect(failed).toMatchObject({ status: 'failed', attempts: 8, next_attempt_at: null, last_status_code: 500 });
      expect(receiver.received).toHaveLength(8);

      const res = await t.app.inject({
        method: 'POST',
        url: `/api/webhooks/${endpoint._id}/deliveries/${failed!.id}/resend`,
        headers: { cookie: admin.cookie },
      });
      expect(res.statusCode).toBe(200);
      expect((res.json() as WebhookDelivery)._id).toBe(failed!.id);
      await waitFor(() => receiver.received.length === 9);
      expect(receiver.received[8]!.headers['webhook-id']).toBe(failed!.id);
      const unknown = await t.app.inject({
        method: 'POST',
        url: `/api/webhooks/${endpoint._id}/deliveries/msg_000000000000000000000000/resend`,
        headers: { cookie: admin.cookie },
      });
      expect(unknown.statusCode).toBe(404);
    } finally {
      await receiver.close();
    }
  });

  it('order status changes and quote requests are enqueued in their transactions, only for subscribed events', async () => {
    await pauseAll();
    const receiver = await startReceiver();
    try {
      const endpoint = await createEndpoint(receiver.url, ['order.cancelled', 'order.shipped']);
      const order = await placeOrder(t.app, buyer, 100);
      expect(await deliveryRows(endpoint._id)).toHaveLength(0);
      const cancelled = await t.app.inject({ method: 'DELETE', url: `/api/purchase/${order._id}`, headers: { cookie: buyer.cookie } });
      expect(cancelled.statusCode).toBe(200);
      const rows = await deliveryRows(endpoint._id);
      expect(rows.map((r) => r.event)).toEqual(['order.cancelled']);
      expect(JSON.parse(rows[0]!.payload)).toMatchObject({ type: 'order.cancelled', data: { _id: order._id, status: 'cancelled' } });

      // Paid (in the payment's transaction) and shipped (an admin's status change).
      const lifecycle = await createEndpoint(receiver.url, ['order.paid', 'order.shipped', 'order.refunded']);
      const paidOrder = await placeOrder(t.app, buyer, 100);
      const pay = await t.app.inject({
        method: 'POST',
        url: `/api/purchase/${paidOrder._id}/pay`,
        headers: { cookie: buyer.cookie },
        payload: { cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' },
      });
      expect(pay.statusCode).toBe(200);
      expect((await deliveryRows(lifecycle._id)).map((r) => r.event)).toEqual(['order.paid']);
      const shipped = await t.app.inject({
        method: 'PATCH',
        url: `/api/purchase/${paidOrder._id}`,
        headers: { cookie: admin.cookie },
        payload: { status: 'shipped', carrier: 'DHL' },
      });
      expect(shipped.statusCode).toBe(200);
      const lifecycleRows = await deliveryRows(lifecycle._id);
      expect(
        lifecycleRows.map((r) => JSON.parse(r.payload) as { type: string; data: { status: string; carrier?: string } }).map((p) => [p.type, p.data.status]),
      ).toEqual([
        ['order.paid', 'paid'],
        ['order.shipped', 'shipped'],
      ]);

      const quotes = await createEndpoint(receiver.url, ['quote.requested']);
      const product = await productWithStock(t.app, 100);
      const quote = await t.app.inject({
        method: 'POST',
        url: '/api/quotes',
        headers: { cookie: buyer.cookie },
        payload: { lines: [{ productId: product._id, quantity: 100 }] },
      });
      expect(quote.statusCode).toBe(201);
      const quoteRows = await deliveryRows(quotes._id);
      expect(quoteRows.map((r) => r.event)).toEqual(['quote.requested']);
      expect(JSON.parse(quoteRows[0]!.payload)).toMatchObject({ data: { _id: (quote.json() as { _id: string })._id } });
    } finally {
      await receiver.close();
    }
  });

  it('a stock take leaving a product below WEBHOOK_LOW_STOCK_THRESHOLD (10) records product.low_stock in its transaction', async () => {
    await pauseAll();
    const endpoint = await createEndpoint('https://erp.example.com/low', ['product.low_stock']);
    const product = (await productWithStock(t.app, 100)) as { _id: string; sku?: string };
    const set = (availableQuantity: number) =>
      t.app.inject({ method: 'PATCH', url: `/api/service/${product._id}/stock`, headers: { cookie: admin.cookie }, payload: { availableQuantity } });
    expect((await set(10)).statusCode).toBe(200);
    expect(await deliveryRows(endpoint._id)).toHaveLength(0);
    expect((await set(9)).statusCode).toBe(200);
    const rows = await deliveryRows(endpoint._id);
    expect(rows.map((r) => r.event)).toEqual(['product.low_stock']);
    expect(JSON.parse(rows[0]!.payload)).toMatchObject({ type: 'product.low_stock', data: { _id: product._id, availableQuantity: 9, threshold: 10 } });
    // By SKU, all or nothing: a refused batch records nothing, an accepted one each low product.
    const detail = (await t.app.inject({ method: 'GET', url: `/api/service/${product._id}` })).json() as { sku: string };
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/stock',
      headers: { cookie: admin.cookie },
      payload: {
        items: [
          { sku: detail.sku, availableQuantity: 1 },
          { sku: 'NO-SUCH-SKU', availableQuantity: 1 },
        ],
      },
    });
    expect(bad.statusCode).toBe(400);
    expect(await deliveryRows(endpoint._id)).toHaveLength(1);
    const bulk = await t.app.inject({
      method: 'POST',
      url: '/api/stock',
      headers: { cookie: admin.cookie },
      payload: { items: [{ sku: detail.sku, availableQuantity: 2 }] },
    });
    expect(bulk.statusCode).toBe(200);
    const after = await deliveryRows(endpoint._id);
    expect(after).toHaveLength(2);
    expect(JSON.parse(after[1]!.payload)).toMatchObject({ data: { sku: detail.sku, availableQuantity: 2 } });
    await set(1000);
  });

  it('several workers on one table send each delivery once', async () => {
    await pauseAll();
    const receiver = await startReceiver();
    const webhooks = t.app.services.webhooks;
    try {
      const endpoint = await createEndpoint(receiver.url, ['order.placed']);
      for (let i = 0; i < 45; i++) await t.database.db.transaction().execute((trx) => webhooks.enqueueIn(bareUnit(trx), 'order.placed', { n: i }));
      // Not woken: three rounds race for the same due rows (and the app's own timer may join in).
      await Promise.all([webhooks.deliverDue(), webhooks.deliverDue(), webhooks.deliverDue()]);
      await waitFor(async () => (await deliveryRows(endpoint._id)).every((r) => r.status === 'succeeded'));
      const ids = receiver.received.map((r) => r.headers['webhook-id']);
      expect(ids).toHaveLength(45);
      expect(new Set(ids).size).toBe(45);
    } finally {
      await receiver.close();
    }
  });
});

describe(`webhooks to private addresses (${engine})`, () => {
  let strict: TestApp;
  let strictAdmin: SignedInUser;
  beforeAll(async () => {
    strict = await createTestApp();
    strictAdmin = await signUpAdmin(strict.app);
  });
  afterAll(async () => strict?.close());

  it('refuses private, loopback and link-local URLs at create and update unless WEBHOOKS_ALLOW_PRIVATE', async () => {
    for (const url of [
      'http://127.0.0.1:8080/x',
      'http://localhost/x',
      'http://10.1.2.3/x',
      'http://192.168.0.1/x',
      'http://172.20.0.1/x',
      'http://169.254.169.254/latest/meta-data',
      'http://[::1]/x',
      'http://[fd00::1]/x',
      'http://[fe80::1]/x',
      'http://[::ffff:127.0.0.1]/x',
      'http://0.0.0.0/x',
    ]) {
      const res = await strict.app.inject({
        method: 'POST',
        url: '/api/webhooks',
        headers: { cookie: strictAdmin.cookie },
        payload: { url, events: ['order.placed'] },
      });
      expect(res.statusCode, url).toBe(400);
      expect((res.json() as { fields: Record<string, string> }).fields).toHaveProperty('url');
    }
    const ok = await strict.app.inject({
      method: 'POST',
      url: '/api/webhooks',
      headers: { cookie: strictAdmin.cookie },
      payload: { url: 'https://erp.example.com/hooks', events: ['order.placed'] },
    });
    expect(ok.statusCode).toBe(201);
    const patched = await strict.app.inject({
      method: 'PATCH',
      url: `/api/webhooks/${(ok.json() as WebhookCreated)._id}`,
      headers: { cookie: strictAdmin.cookie },
      payload: { url: 'http://127.0.0.1/x' },
    });
    expect(patched.statusCode).toBe(400);
    expect((patched.json() as { fields: Record<string, string> }).fields).toHaveProperty('url');
  });

  it('refuses again at send time, after DNS resolution: nothing reaches a loopback receiver', async () => {
    const receiver = await startReceiver();
    try {
      const send = createWebhookSender({ allowPrivate: false });
      const secret = `whsec_${Buffer.alloc(24, 7).toString('base64')}`;
      for (const url of [receiver.url, `http://localhost:${receiver.port}/hooks`]) {
        const result = await send({ url, secret, id: 'msg_test', body: '{}' });
        expect(result.ok, url).toBe(false);
        expect(result.error, url).toMatch(/private/);
      }
      expect(receiver.received).toHaveLength(0);
      const allowed = await createWebhookSender({ allowPrivate: true })({ url: receiver.url, secret, id: 'msg_test', body: '{}' });
      expect(allowed).toMatchObject({ ok: true, statusCode: 204 });
    } finally {
      await receiver.close();
    }
  });

  it('classifies addresses', () => {
    for (const a of [
      '127.0.0.1',
      '10.0.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '::1',
      'fc00::1',
      'fe80::1',
      '::ffff:10.0.0.1',
      '::ffff:7f00:1',
    ]) {
      expect(isPrivateAddress(a), a).toBe(true);
    }
    for (const a of ['93.184.216.34', '8.8.8.8', '172.32.0.1', '2606:4700::1111', '::ffff:8.8.8.8']) expect(isPrivateAddress(a), a).toBe(false);
  });
});
