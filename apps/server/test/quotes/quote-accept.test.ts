import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError, Order, Quote } from '@bulkparts/shared';
import { insertProducts, setStock, stockOf, type TestProduct } from '../helpers/cart.js';
import { signUp, signUpAdmin, type SignedInUser } from '../helpers/factories.js';
import { createTestApp, engine, type TestApp } from '../helpers/test-app.js';
import { answerQuote, backdate, inDays, quoteClient, requestQuote } from './quote-helpers.js';

let t: TestApp;
let admin: SignedInUser;
let products: TestProduct[];

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpAdmin(t.app);
  products = await insertProducts(t.database, 3, { stock: 100_000 });
});
afterAll(async () => t?.close());

const GOOD_CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };

/** A 5,000-piece and a 1,200-piece line, answered at 0.37 and 1.05. */
async function answeredQuote(buyer: SignedInUser): Promise<Quote> {
  const quote = await requestQuote(t.app, buyer, [
    { productId: products[0]!.id, quantity: 5000 },
    { productId: products[1]!.id, quantity: 1200 },
  ]);
  return answerQuote(t.app, admin, quote, { [products[0]!.id]: 0.37, [products[1]!.id]: 1.05 });
}

describe(`requests for quote: accepting (${engine})`, () => {
  it('accept places an order at exactly the quoted prices past 1000 pieces, takes the stock, and the order is payable', async () => {
    const buyer = await signUp(t.app);
    const quote = await answeredQuote(buyer);
    const before = await Promise.all([stockOf(t.database, products[0]!.id), stockOf(t.database, products[1]!.id)]);
    const res = await quoteClient(t.app, buyer).accept(quote._id);
    expect(res.statusCode).toBe(201);
    const { quote: accepted, order } = res.json() as { quote: Quote; order: Order };
    expect(accepted).toMatchObject({ status: 'accepted', orderId: order._id, total: 1850 + 1260 });
    expect(order.lines.map((l) => [l.productId, l.quantity, l.unitPrice, l.lineTotal])).toEqual([
      [products[0]!.id, 5000, 0.37, 1850],
      [products[1]!.id, 1200, 1.05, 1260],
    ]);
    expect(order).toMatchObject({ status: 'pending', paid: false, quantity: 6200, total: 3110, userEmail: buyer.email });
    expect(await Promise.all([stockOf(t.database, products[0]!.id), stockOf(t.database, products[1]!.id)])).toEqual([before[0]! - 5000, before[1]! - 1200]);
    // The order reads back the same and the buyer's confirmation mail is queued.
    // The order reads back the same (alone, with its timeline: issue 29).
    const { timeline, ...alone } = (await t.app.inject({ url: `/api/purchase/${order._id}`, headers: { cookie: buyer.cookie } })).json() as Order;
    expect(alone).toEqual(order);
    expect(timeline?.map((s) => s.event)).toEqual(['placed']);
    const mails = await t.database.db
      .selectFrom('mail_outbox')
      .select('subject')
      .where('to_address', '=', buyer.email)
      .where('subject', 'like', '%was placed')
      .execute();
    expect(mails).toHaveLength(1);

    const paid = await t.app.inject({ method: 'POST', url: `/api/purchase/${order._id}/pay`, headers: { cookie: buyer.cookie }, payload: GOOD_CARD });
    expect(paid.statusCode).toBe(200);
    const after = (await t.app.inject({ url: `/api/purchase/${order._id}`, headers: { cookie: buyer.cookie } })).json() as Order;
    expect(after).toMatchObject({ status: 'paid', paid: true, total: 3110 });

    // An accepted quote moves no further.
    const c = quoteClient(t.app, buyer);
    for (const res of [await c.accept(quote._id), await c.withdraw(quote._id), await c.decline(quote._id)]) expect(res.statusCode).toBe(409);
    expect((await quoteClient(t.app, admin).answer(quote._id, { lines: [], validUntil: inDays(2) })).statusCode).toBe(400);
  });

  it('short stock: 409 naming every short line, nothing taken, the quote still answered', async () => {
    const buyer = await signUp(t.app);
    const quote = await answeredQuote(buyer);
    await setStock(t.database, products[0]!.id, 4999);
    await setStock(t.database, products[1]!.id, 0);
    const res = await quoteClient(t.app, buyer).accept(quote._id);
    expect(res.statusCode).toBe(409);
    const body = res.json() as ApiError;
    expect(body.error).toBe('INSUFFICIENT_STOCK');
    expect(body.lines).toEqual([
      { productId: products[0]!.id, sku: products[0]!.sku, message: 'Only 4,999 Ps left in stock' },
      { productId: products[1]!.id, sku: products[1]!.sku, message: 'This product is out of stock' },
    ]);
    expect([await stockOf(t.database, products[0]!.id), await stockOf(t.database, products[1]!.id)]).toEqual([4999, 0]);
    const again = (await quoteClient(t.app, buyer).get(quote._id)).json() as Quote;
    expect(again).toMatchObject({ status: 'answered', orderId: null });
    await setStock(t.database, products[0]!.id, 100_000);
    await setStock(t.database, products[1]!.id, 100_000);
    expect((await quoteClient(t.app, buyer).accept(quote._id)).statusCode).toBe(201);
  });

  it('two accepts at once: one order, the other 409, the stock taken once', async () => {
    const buyer = await signUp(t.app);
    const quote = await answeredQuote(buyer);
    const before = await stockOf(t.database, products[0]!.id);
    const results = await Promise.all([quoteClient(t.app, buyer).accept(quote._id), quoteClient(t.app, buyer).accept(quote._id)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await stockOf(t.database, products[0]!.id)).toBe(before - 5000);
    const orders = await t.database.db.selectFrom('orders').select('id').where('user_id', '=', buyer.id).execute();
    expect(orders).toHaveLength(1);
  });

  it('accept after expiry is refused and places no order', async () => {
    const buyer = await signUp(t.app);
    const quote = await answeredQuote(buyer);
    await backdate(t.database, quote._id);
    const res = await quoteClient(t.app, buyer).accept(quote._id);
    expect(res.statusCode).toBe(409);
    expect((res.json() as ApiError).message).toMatch(/expired/);
    expect(await t.database.db.selectFrom('orders').select('id').where('user_id', '=', buyer.id).execute()).toEqual([]);
  });

  it('a product archived since the answer: 409 naming it', async () => {
    const buyer = await signUp(t.app);
    const [gone] = await insertProducts(t.database, 1, { stock: 10_000 });
    const quote = await answerQuote(t.app, admin, await requestQuote(t.app, buyer, [{ productId: gone!.id, quantity: 2000 }]), 3);
    await t.database.db.updateTable('products').set({ archived: 1 }).where('id', '=', gone!.id).execute();
    const res = await quoteClient(t.app, buyer).accept(quote._id);
    expect(res.statusCode).toBe(409);
    expect((res.json() as ApiError).lines).toEqual([{ productId: gone!.id, sku: gone!.sku, message: 'This product is no longer available' }]);
  });

  it('another buyer gets 404 on every quote route; admins read but do not decide for the buyer', async () => {
    const buyer = await signUp(t.app);
    const stranger = await signUp(t.app);
    const requested = await requestQuote(t.app, buyer, [{ productId: products[2]!.id, quantity: 3000 }]);
    const answered = await answeredQuote(buyer);
    const s = quoteClient(t.app, stranger);
    for (const q of [requested, answered]) {
      for (const res of [await s.get(q._id), await s.pdf(q._id), await s.accept(q._id), await s.decline(q._id), await s.withdraw(q._id)]) {
        expect(res.statusCode).toBe(404);
        expect((res.json() as ApiError).error).toBe('NOT_FOUND');
      }
    }
    expect(((await s.list()).json() as Quote[]).length).toBe(0);
    // Answering is for admins only: every other account gets 403 before the id is even read.
    expect((await s.answer(requested._id, { lines: [{ productId: products[2]!.id, unitPrice: 1 }], validUntil: inDays(3) })).statusCode).toBe(403);
    expect(
      (await quoteClient(t.app, buyer).answer(requested._id, { lines: [{ productId: products[2]!.id, unitPrice: 1 }], validUntil: inDays(3) })).statusCode,
    ).toBe(403);

    const a = quoteClient(t.app, admin);
    expect((await a.get(answered._id)).statusCode).toBe(200);
    for (const res of [await a.accept(answered._id), await a.decline(answered._id), await a.withdraw(requested._id)]) expect(res.statusCode).toBe(403);
    // Anonymous: 401 everywhere.
    for (const [method, url] of [
      ['GET', '/api/quotes'],
      ['POST', '/api/quotes'],
      ['GET', `/api/quotes/${answered._id}`],
      ['GET', `/api/quotes/${answered._id}/pdf`],
      ['PATCH', `/api/quotes/${answered._id}`],
      ['POST', `/api/quotes/${answered._id}/accept`],
      ['POST', `/api/quotes/${answered._id}/decline`],
      ['POST', `/api/quotes/${answered._id}/withdraw`],
    ] as const) {
      expect((await t.app.inject({ method, url })).statusCode).toBe(401);
    }
    expect(((await quoteClient(t.app, buyer).get(answered._id)).json() as Quote).status).toBe('answered');
  });
});
