import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order, Product } from '@bulkparts/shared';
import { createRecipientThrottle } from '../../src/modules/mail/mail-delivery.js';
import { SHIP_TO, signUp, signUpAdmin, type SignedInUser } from '../helpers/factories.js';
import { createTestApp, engine, type TestApp } from '../helpers/test-app.js';

/** Order numbers, shipping details, idempotency keys, the unpaid-order cap and the stock PATCH guard. */
let t: TestApp;
let admin: SignedInUser;
let product: Product;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpAdmin(t.app);
  product = ((await t.app.inject({ url: '/api/service?limit=1' })).json() as Product[])[0]!;
  await setStock(product._id, 1_000_000);
});
afterAll(async () => t.close());

async function setStock(id: string, qty: number, app = t) {
  await app.database.db.updateTable('products').set({ available_quantity: qty }).where('id', '=', id).execute();
}
const stockOf = async (id: string, app = t) =>
  Number((await app.database.db.selectFrom('products').select('available_quantity').where('id', '=', id).executeTakeFirstOrThrow()).available_quantity);

const buy = (user: SignedInUser, body: unknown, headers: Record<string, string> = {}, app = t) =>
  app.app.inject({ method: 'POST', url: '/api/purchase', headers: { cookie: user.cookie, ...headers }, payload: body as object });
/** The outbox's first mail to `to` whose subject is like `subject`. */
const mailTo = (to: string, subject: string) =>
  t.database.db.selectFrom('mail_outbox').select('text_body').where('to_address', '=', to).where('subject', 'like', subject).executeTakeFirstOrThrow();
const one = (quantity = product.minimumOrderQuantity) => ({ productId: product._id, quantity });

describe(`order numbers (${engine})`, () => {
  it('gives every order a unique sequential BP- number, in its JSON, its mail and the CSV export', async () => {
    const buyer = await signUp(t.app);
    const results = await Promise.all(Array.from({ length: 15 }, () => buy(buyer, one())));
    expect(results.map((r) => r.statusCode)).toEqual(Array(15).fill(201));
    const numbers = results.map((r) => (r.json() as Order).orderNumber);
    for (const n of numbers) expect(n).toMatch(/^BP-\d{6}$/);
    const values = numbers.map((n) => Number(n.slice(3))).sort((a, b) => a - b);
    expect(new Set(values).size).toBe(15);
    // Sequential: one after the other, no gaps between orders that all committed.
    expect(values.at(-1)! - values[0]!).toBe(14);
    const first = results[0]!.json() as Order;
    expect((await t.app.inject({ url: `/api/purchase/${first._id}`, headers: { cookie: buyer.cookie } })).json().orderNumber).toBe(first.orderNumber);
    const mail = await t.database.db.selectFrom('mail_outbox').select(['subject', 'text_body']).where('to_address', '=', buyer.email).execute();
    expect(mail.some((m) => m.subject.includes(first.orderNumber) && m.text_body.includes(first.orderNumber))).toBe(true);
    const csv = await t.app.inject({ url: `/api/purchase/export.csv?q=${encodeURIComponent(buyer.email)}`, headers: { cookie: admin.cookie } });
    expect(csv.body).toContain(`,${first.orderNumber},`);
  });

  it('writes money and pieces with thousands separators in mails', async () => {
    const buyer = await signUp(t.app);
    await t.database.db.updateTable('products').set({ price_e4: 24_500 }).where('id', '=', product._id).execute();
    const order = (await buy(buyer, one(1000))).json() as Order;
    const mail = await mailTo(buyer.email, '%was placed');
    expect(mail.text_body).toContain('1,000 Ps');
    expect(mail.text_body).toContain('($2,450.00)');
    expect(mail.text_body).toContain('Please pay by');
    expect(order.expiresAt).not.toBeNull();
  });
});

describe(`shipping details (${engine})`, () => {
  it('records carrier and tracking number with shipped, shows them in My Orders and the shipped mail', async () => {
    const buyer = await signUp(t.app);
    const order = (await buy(buyer, { ...one(), shippingAddress: SHIP_TO })).json() as Order;
    const patch = (body: object) => t.app.inject({ method: 'PATCH', url: `/api/purchase/${order._id}`, headers: { cookie: admin.cookie }, payload: body });
    const early = await patch({ status: 'paid', carrier: 'DHL' });
    expect(early.statusCode).toBe(400);
    expect(early.json().fields).toHaveProperty('carrier');
    expect((await patch({ status: 'paid' })).statusCode).toBe(200);
    const long = await patch({ status: 'shipped', trackingNumber: 'x'.repeat(101) });
    expect(long.statusCode).toBe(400);
    expect(long.json().fields).toHaveProperty('trackingNumber');
    expect((await patch({ status: 'shipped', carrier: 7 })).statusCode).toBe(400);
    const shipped = await patch({ status: 'shipped', carrier: '  DHL Express ', trackingNumber: 'JD0146000012345' });
    expect(shipped.statusCode).toBe(200);
    expect(shipped.json()).toMatchObject({ status: 'shipped', carrier: 'DHL Express', trackingNumber: 'JD0146000012345' });
    const mine = await t.app.inject({ url: `/api/purchase?order=${encodeURIComponent(buyer.email)}`, headers: { cookie: buyer.cookie } });
    expect((mine.json() as Order[])[0]).toMatchObject({ carrier: 'DHL Express', trackingNumber: 'JD0146000012345' });
    const mail = await mailTo(buyer.email, '%was shipped');
    expect(mail.text_body).toContain('Carrier: DHL Express');
    expect(mail.text_body).toContain('Tracking number: JD0146000012345');
  });

  it('ships without details too (both are optional)', async () => {
    const buyer = await signUp(t.app);
    const order = (await buy(buyer, { ...one(), shippingAddress: SHIP_TO })).json() as Order;
    const patch = (body: object) => t.app.inject({ method: 'PATCH', url: `/api/purchase/${order._id}`, headers: { cookie: admin.cookie }, payload: body });
    await patch({ status: 'paid' });
    expect((await patch({ status: 'shipped', carrier: '' })).json()).toMatchObject({ status: 'shipped', carrier: null, trackingNumber: null });
  });
});

describe(`Idempotency-Key (${engine})`, () => {
  it('the same key and body answers the first order; another body is 422', async () => {
    const buyer = await signUp(t.app);
    const key = { 'idempotency-key': `key-${Date.now()}` };
    const first = await buy(buyer, one(), key);
    expect(first.statusCode).toBe(201);
    const again = await buy(buyer, one(), key);
    expect(again.statusCode).toBe(200);
    expect(again.json()._id).toBe(first.json()._id);
    const other = await buy(buyer, one(product.minimumOrderQuantity + 1), key);
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ error: 'IDEMPOTENCY_KEY_REUSED' });
    expect(other.json().fields).toHaveProperty('Idempotency-Key');
  });

  it.each([
    ['101 characters', 'k'.repeat(101)],
    ['200 characters', 'k'.repeat(200)],
    ['non-ASCII', 'clé-été'],
    ['blank', '   '],
  ])('a key of %s is a 400 naming the header', async (_what, value) => {
    const buyer = await signUp(t.app);
    const res = await buy(buyer, one(), { 'idempotency-key': value });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty('Idempotency-Key');
  });

  it('a key of exactly 100 printable characters is kept', async () => {
    const buyer = await signUp(t.app);
    const key = { 'idempotency-key': `${'k'.repeat(91)}-!~ 12345` };
    expect(key['idempotency-key']).toHaveLength(100);
    const first = await buy(buyer, one(), key);
    expect(first.statusCode).toBe(201);
    expect((await buy(buyer, one(), key)).json()._id).toBe(first.json()._id);
  });
});

describe(`unpaid orders per account (${engine})`, () => {
  it('25 parallel orders from one account: exactly 20 succeed, the others are 409 saying why', async () => {
    const buyer = await signUp(t.app);
    const results = await Promise.all(Array.from({ length: 25 }, () => buy(buyer, one())));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(20);
    expect(codes.filter((c) => c === 409)).toHaveLength(5);
    expect(results.find((r) => r.statusCode === 409)!.json().message).toMatch(/20 unpaid orders/);
    // Paying or cancelling one makes room for one more.
    const placed = results.find((r) => r.statusCode === 201)!.json() as Order;
    await t.app.inject({ method: 'DELETE', url: `/api/purchase/${placed._id}`, headers: { cookie: buyer.cookie } });
    expect((await buy(buyer, one())).statusCode).toBe(201);
    expect((await buy(buyer, one())).statusCode).toBe(409);
    // Another account is not affected.
    expect((await buy(await signUp(t.app), one())).statusCode).toBe(201);
  });
});

describe(`PATCH /api/service/:id stock (${engine})`, () => {
  it('sets the stock only if it is still what the editor saw', async () => {
    const patch = (body: object) => t.app.inject({ method: 'PATCH', url: `/api/service/${product._id}`, headers: { cookie: admin.cookie }, payload: body });
    await setStock(product._id, 5000);
    const blind = await patch({ availableQuantity: 7000 });
    expect(blind.statusCode).toBe(400);
    expect(blind.json().fields).toHaveProperty('expectedAvailableQuantity');
    // Opened at 5000, then a buyer takes some: saving the old figure must not put them back on sale.
    const buyer = await signUp(t.app);
    expect((await buy(buyer, one(100))).statusCode).toBe(201);
    const stale = await patch({ availableQuantity: 5000, expectedAvailableQuantity: 5000, name: 'Renamed' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe('Stock changed since you opened this product (now 4,900 Ps)');
    expect(await stockOf(product._id)).toBe(4900);
    expect((await t.app.inject({ url: `/api/service/${product._id}` })).json().name).toBe(product.name);
    const ok = await patch({ availableQuantity: 6000, expectedAvailableQuantity: 4900 });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().availableQuantity).toBe(6000);
    // The catalogue's cached answer was cleared by the write.
    expect((await t.app.inject({ url: `/api/service/${product._id}` })).json().availableQuantity).toBe(6000);
    // Other fields alone never touch the stock.
    expect((await patch({ description: 'Edited' })).json().availableQuantity).toBe(6000);
    await setStock(product._id, 1_000_000);
  });
});

describe('the mail throttle', () => {
  it('lets `max` mails per recipient through per minute and says how long the next one waits', () => {
    let now = 1_000_000;
    const throttle = createRecipientThrottle(3, () => now);
    expect([throttle.take('a@x.com'), throttle.take('A@x.com'), throttle.take('a@x.com')]).toEqual([0, 0, 0]);
    expect(throttle.take('a@x.com')).toBe(60_000);
    expect(throttle.take('b@x.com')).toBe(0);
    now += 30_000;
    expect(throttle.take('a@x.com')).toBe(30_000);
    now += 30_001;
    expect(throttle.take('a@x.com')).toBe(0);
    expect(createRecipientThrottle(0).take('a@x.com')).toBe(0);
  });
});

describe(`expiry and the purchase rate (${engine})`, () => {
  let short: TestApp;
  beforeAll(async () => {
    short = await createTestApp({ env: { UNPAID_ORDER_TTL: '1', PURCHASE_RATE_PER_MINUTE: '3' }, rateLimits: { enabled: true } });
  });
  afterAll(async () => short?.close());

  it('an unpaid order expires after UNPAID_ORDER_TTL, returns its stock, tells the buyer and cannot be paid', async () => {
    const p = ((await short.app.inject({ url: '/api/service?limit=1' })).json() as Product[])[0]!;
    await setStock(p._id, 1000, short);
    const buyer = await signUp(short.app);
    const placed = await buy(buyer, { productId: p._id, quantity: 100 }, {}, short);
    expect(placed.statusCode).toBe(201);
    const order = placed.json() as Order;
    expect(Date.parse(order.expiresAt!) - Date.parse(order.createdAt)).toBe(1000);
    expect(await stockOf(p._id, short)).toBe(900);
    // The sweep runs every second with a 1 s lifetime.
    let status = order.status;
    for (let i = 0; i < 40 && status !== 'expired'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      status = (await short.app.inject({ url: `/api/purchase/${order._id}`, headers: { cookie: buyer.cookie } })).json().status;
    }
    expect(status).toBe('expired');
    expect(await stockOf(p._id, short)).toBe(1000);
    const pay = await short.app.inject({
      method: 'POST',
      url: `/api/purchase/${order._id}/pay`,
      headers: { cookie: buyer.cookie },
      payload: { cardNumber: '4242424242424242', expiry: '12/40', cvc: '123', name: 'T' },
    });
    expect(pay.statusCode).toBe(409);
    const mails = await short.database.db.selectFrom('mail_outbox').select('subject').where('to_address', '=', buyer.email).execute();
    expect(mails.some((m) => m.subject.includes('not paid in time'))).toBe(true);
    // Cancelling it now changes nothing (and returns no stock twice).
    expect((await short.app.inject({ method: 'DELETE', url: `/api/purchase/${order._id}`, headers: { cookie: buyer.cookie } })).statusCode).toBe(409);
    expect(await stockOf(p._id, short)).toBe(1000);
  });

  it('POST /api/purchase past PURCHASE_RATE_PER_MINUTE is 429', async () => {
    const p = ((await short.app.inject({ url: '/api/service?limit=1' })).json() as Product[])[0]!;
    await setStock(p._id, 100_000, short);
    const buyer = await signUp(short.app);
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) codes.push((await buy(buyer, { productId: p._id, quantity: 100 }, {}, short)).statusCode);
    expect(codes).toEqual([201, 201, 201, 429]);
    // Per account: another buyer still orders.
    expect((await buy(await signUp(short.app), { productId: p._id, quantity: 100 }, {}, short)).statusCode).toBe(201);
  });
});
