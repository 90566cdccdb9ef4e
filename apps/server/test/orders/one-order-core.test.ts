import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '@bulkparts/shared';
import { ADDRESS, cartClient, insertProducts, stockOf, type TestProduct } from '../helpers/cart.js';
import { signUp, type SignedInUser } from '../helpers/factories.js';
import { createTestApp, engine, type TestApp } from '../helpers/test-app.js';
import { answerQuote, quoteClient, requestQuote } from '../quotes/quote-helpers.js';
import { addMember, createCompany, shopAdmin } from './company-helpers.js';

/**
 * Issue 29: one order core. The same lines for the same buyer, placed through each way of ordering
 * (the spec's purchase, the cart's checkout, an accepted quote at the list price), make the same
 * order: the same lines and prices, total, status, ship-to, stock taken and timeline. (API keys
 * read and move orders; none of their scopes places one.)
 */
let t: TestApp;
let shop: SignedInUser;
let product: TestProduct;

beforeAll(async () => {
  t = await createTestApp();
  shop = await shopAdmin(t.app);
  product = (await insertProducts(t.database, 1, { stock: 100_000 }))[0]!;
});
afterAll(async () => t.close());

const QUANTITY = 300;

async function throughEachPath(buyer: SignedInUser, paymentMethod: 'card' | 'account' = 'card'): Promise<Record<string, Order>> {
  const details = { shippingAddress: ADDRESS, poNumber: 'PO-77', note: 'Dock 2', paymentMethod };
  const read = async (id: string) => (await t.app.inject({ url: `/api/purchase/${id}`, headers: { cookie: buyer.cookie } })).json() as Order;
  const orders: Record<string, Order> = {};

  const purchase = await t.app.inject({
    method: 'POST',
    url: '/api/purchase',
    headers: { cookie: buyer.cookie },
    payload: { productId: product.id, quantity: QUANTITY, ...details },
  });
  expect(purchase.statusCode, purchase.body).toBe(201);
  orders.purchase = await read((purchase.json() as Order)._id);

  await cartClient(t.app, buyer).add([{ sku: product.sku, quantity: QUANTITY }]);
  const checkout = await cartClient(t.app, buyer).checkout(details);
  expect(checkout.statusCode, checkout.body).toBe(201);
  orders.checkout = await read((checkout.json() as Order)._id);

  const quote = await requestQuote(t.app, buyer, [{ productId: product.id, quantity: QUANTITY }]);
  await answerQuote(t.app, shop, quote, product.priceCents / 100);
  const accepted = await quoteClient(t.app, buyer).accept(quote._id, details);
  expect(accepted.statusCode, accepted.body).toBe(201);
  orders.quote = await read((accepted.json() as { order: Order }).order._id);
  return orders;
}

/** What must not depend on the way the order was made. */
const essence = (o: Order) => ({
  lines: o.lines,
  total: o.total,
  status: o.status,
  paymentMethod: o.paymentMethod,
  companyId: o.companyId,
  shippingAddress: o.shippingAddress,
  poNumber: o.poNumber,
  note: o.note,
  dueDate: o.dueDate === null ? null : 'set',
  steps: o.timeline?.map((s) => [s.event, s.by]),
});

describe(`the same lines through every way of ordering (${engine})`, () => {
  it('a buyer paying by card: the same order three times, each taking its pieces', async () => {
    const buyer = await signUp(t.app, { name: 'Core Buyer' });
    const before = await stockOf(t.database, product.id);
    const orders = await throughEachPath(buyer);
    expect(await stockOf(t.database, product.id)).toBe(before - 3 * QUANTITY);
    const [first, ...rest] = Object.values(orders).map(essence);
    expect(first).toMatchObject({ status: 'pending', total: (product.priceCents * QUANTITY) / 100, steps: [['placed', 'Core Buyer']] });
    for (const other of rest) expect(other).toEqual(first);
  });

  it('a company member over their limit, paying on account: every path waits for approval alike', async () => {
    const c = await createCompany(t.app, { paymentTerms: 'net30' });
    const buyer = await addMember(t, c, 'buyer', 100);
    const orders = await throughEachPath(buyer, 'account');
    const [first, ...rest] = Object.values(orders).map(essence);
    expect(first).toMatchObject({ status: 'awaiting_approval', paymentMethod: 'account', companyId: c.company.id, dueDate: null });
    for (const other of rest) expect(other).toEqual(first);
  });
});
