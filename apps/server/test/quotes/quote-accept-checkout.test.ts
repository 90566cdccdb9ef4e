import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPANY_MESSAGES, type ApiError, type Order, type Quote } from '@bulkparts/shared';
import { ADDRESS, insertProducts, type TestProduct } from '../helpers/cart.js';
import { signUp, signUpAdmin, type SignedInUser } from '../helpers/factories.js';
import { createTestApp, engine, type TestApp } from '../helpers/test-app.js';
import { addMember, createCompany } from '../orders/company-helpers.js';
import { answerQuote, quoteClient, requestQuote } from './quote-helpers.js';

/**
 * Issue 29, one checkout for every path: accepting a quote takes the checkout's ship-to, PO
 * number, note and payment method, with the rules `POST /api/purchase` has; without them the order
 * ships to the buyer's last ship-to and is paid by card. The lines stay the quote's.
 */
let t: TestApp;
let admin: SignedInUser;
let products: TestProduct[];

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpAdmin(t.app);
  products = await insertProducts(t.database, 2, { stock: 100_000 });
});
afterAll(async () => t?.close());

/** A 2,000-piece line at 0.50 and a 1,500-piece one at 1.20: 1,000 + 1,800 = 2,800 dollars. */
async function answeredQuote(buyer: SignedInUser): Promise<Quote> {
  const quote = await requestQuote(t.app, buyer, [
    { productId: products[0]!.id, quantity: 2000 },
    { productId: products[1]!.id, quantity: 1500 },
  ]);
  return answerQuote(t.app, admin, quote, { [products[0]!.id]: 0.5, [products[1]!.id]: 1.2 });
}

const ordersOf = (user: SignedInUser) => t.database.db.selectFrom('orders').select('id').where('user_id', '=', user.id).execute();
const profileOf = async (user: SignedInUser) =>
  ((await t.app.inject({ url: '/api/profile', headers: { cookie: user.cookie } })).json() as { shippingAddress: unknown }).shippingAddress;
const statusOf = async (user: SignedInUser, quote: Quote) => ((await quoteClient(t.app, user).get(quote._id)).json() as Quote).status;

describe(`accepting a quote through the checkout (${engine})`, () => {
  it("stores the ship-to, PO number, note and payment method at the quote's prices, and remembers the ship-to", async () => {
    const buyer = await signUp(t.app);
    const quote = await answeredQuote(buyer);
    const res = await quoteClient(t.app, buyer).accept(quote._id, {
      shippingAddress: { ...ADDRESS, line2: ' ' },
      poNumber: ' PO-7781 ',
      note: 'Dock 2, before noon',
      paymentMethod: 'card',
    });
    expect(res.statusCode, res.body).toBe(201);
    const { quote: accepted, order } = res.json() as { quote: Quote; order: Order };
    expect(accepted).toMatchObject({ status: 'accepted', orderId: order._id });
    expect(order).toMatchObject({ shippingAddress: ADDRESS, poNumber: 'PO-7781', note: 'Dock 2, before noon', paymentMethod: 'card', status: 'pending' });
    // The lines are the quote's: its quantities at its prices.
    expect(order.lines.map((l) => [l.productId, l.quantity, l.unitPrice, l.lineTotal])).toEqual([
      [products[0]!.id, 2000, 0.5, 1000],
      [products[1]!.id, 1500, 1.2, 1800],
    ]);
    expect(order.total).toBe(2800);
    const read = (await t.app.inject({ url: `/api/purchase/${order._id}`, headers: { cookie: buyer.cookie } })).json() as Order;
    expect(read).toMatchObject({ shippingAddress: ADDRESS, poNumber: 'PO-7781', note: 'Dock 2, before noon', paymentMethod: 'card' });
    expect(await profileOf(buyer)).toEqual(ADDRESS);
  });

  it("without a body: by card, no PO number or note, the buyer's last ship-to when there is one", async () => {
    const fresh = await signUp(t.app);
    const first = await quoteClient(t.app, fresh).accept((await answeredQuote(fresh))._id);
    expect(first.statusCode, first.body).toBe(201);
    expect((first.json() as { order: Order }).order).toMatchObject({ shippingAddress: null, poNumber: null, note: null, paymentMethod: 'card' });

    // A ship-to given once (here on an earlier accept) is where the next order without one goes.
    const buyer = await signUp(t.app);
    expect((await quoteClient(t.app, buyer).accept((await answeredQuote(buyer))._id, { shippingAddress: ADDRESS })).statusCode).toBe(201);
    const again = await quoteClient(t.app, buyer).accept((await answeredQuote(buyer))._id);
    expect(again.statusCode, again.body).toBe(201);
    expect((again.json() as { order: Order }).order).toMatchObject({
      shippingAddress: ADDRESS,
      poNumber: null,
      note: null,
      paymentMethod: 'card',
      total: 2800,
    });
    // An empty object is the same as no body.
    const empty = await quoteClient(t.app, buyer).accept((await answeredQuote(buyer))._id, {});
    expect(empty.statusCode, empty.body).toBe(201);
    expect((empty.json() as { order: Order }).order).toMatchObject({ shippingAddress: ADDRESS, paymentMethod: 'card' });
  });

  it('a bad body: 400 VALIDATION_FAILED naming the field; no order, the quote still answered', async () => {
    const buyer = await signUp(t.app);
    const quote = await answeredQuote(buyer);
    const c = quoteClient(t.app, buyer);
    const cases: Array<[unknown, string]> = [
      [{ paymentMethod: 'cash' }, 'paymentMethod'],
      [{ poNumber: 'x'.repeat(51) }, 'poNumber'],
      [{ note: 7 }, 'note'],
      [{ shippingAddress: { ...ADDRESS, name: '' } }, 'shippingAddress.name'],
      [{ shippingAddress: 'Leeds' }, 'shippingAddress'],
      [{ shippingAddress: { ...ADDRESS, postalCode: '\u0000' } }, 'shippingAddress.postalCode'],
    ];
    for (const [body, field] of cases) {
      const res = await c.accept(quote._id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      const error = res.json() as ApiError;
      expect(error.error).toBe('VALIDATION_FAILED');
      expect(Object.keys(error.fields ?? {}), JSON.stringify(body)).toContain(field);
    }
    expect(await ordersOf(buyer)).toEqual([]);
    expect(await statusOf(buyer, quote)).toBe('answered');
  });

  it('pays on account only as the checkout allows it: a company with terms; a refusal leaves the quote answered', async () => {
    const loner = await signUp(t.app);
    const quote = await answeredQuote(loner);
    const refused = await quoteClient(t.app, loner).accept(quote._id, { paymentMethod: 'account', shippingAddress: ADDRESS });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: COMPANY_MESSAGES.notInCompany, fields: { paymentMethod: COMPANY_MESSAGES.notInCompany } });
    expect(await ordersOf(loner)).toEqual([]);
    expect(await statusOf(loner, quote)).toBe('answered');

    const company = await createCompany(t.app, { paymentTerms: 'net30', creditLimit: 100_000 });
    const member = await addMember(t, company, 'buyer');
    const res = await quoteClient(t.app, member).accept((await answeredQuote(member))._id, {
      paymentMethod: 'account',
      shippingAddress: ADDRESS,
      poNumber: 'PO-9',
    });
    expect(res.statusCode, res.body).toBe(201);
    const { order } = res.json() as { order: Order };
    expect(order).toMatchObject({ status: 'invoiced', paymentMethod: 'account', companyId: company.company.id, poNumber: 'PO-9', shippingAddress: ADDRESS });
    expect(order.dueDate).not.toBeNull();
  });
});
