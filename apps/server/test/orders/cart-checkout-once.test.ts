import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CART_MESSAGES, type ApiError, type Cart, type CartAlreadyOrdered, type Company, type Order } from '@bulkparts/shared';
import type { LightMyRequestResponse } from 'fastify';
import { ADDRESS, cartClient, insertProducts, stockOf, type TestProduct } from '../helpers/cart.js';
import { signUp, type SignedInUser } from '../helpers/factories.js';
import { createConcurrentApps, engine, type TestApp } from '../helpers/test-app.js';
import { addMember, createCompany } from './company-helpers.js';

/**
 * Issue 28: one cart becomes one order. Ten overlapping checkouts of one cart (on SQLite one app
 * and its group commit; on PostgreSQL two app instances on one database) make exactly one order
 * and take its pieces once, with or without an Idempotency-Key; the others answer 409 naming that
 * order (or, with the same key, the order again). Paid on account, the credit used rises once.
 * Six concurrent reorders into one cart line leave what six sequential ones would, never more
 * than one line may hold.
 */
const CHECKOUTS = 10;
const ROUNDS = 4;

let apps: TestApp[] = [];
let closeApps: (() => Promise<void>) | undefined;
let main: TestApp;
let product: TestProduct;
let packed: TestProduct;

beforeAll(async () => {
  ({ apps, close: closeApps } = await createConcurrentApps());
  main = apps[0]!;
  const inserted = await insertProducts(main.database, 2, { stock: 100_000 });
  product = inserted[0]!;
  packed = inserted[1]!;
  await main.database.db.updateTable('products').set({ order_multiple: 300 }).where('id', '=', packed.id).execute();
}, 120_000);
afterAll(async () => {
  await closeApps?.();
});

/** Request `i` goes to instance `i mod n`: on PostgreSQL the two instances race each other. */
const clientFor = (buyer: SignedInUser, i: number) => cartClient(apps[i % apps.length]!.app, buyer);

async function ordersOf(buyer: SignedInUser) {
  return main.database.db.selectFrom('orders').select(['id', 'quantity', 'total_cents']).where('user_id', '=', buyer.id).execute();
}

/** Exactly one 201; every other answer is a 409 naming that order with the exact message. */
function expectOneOrder(results: LightMyRequestResponse[]): Order {
  const codes = results.map((r) => r.statusCode);
  expect(
    codes.filter((c) => c !== 201 && c !== 409),
    results.map((r) => r.body).join('\n'),
  ).toEqual([]);
  const created = results.filter((r) => r.statusCode === 201);
  expect(created, results.map((r) => r.body).join('\n')).toHaveLength(1);
  const order = created[0]!.json() as Order;
  for (const r of results.filter((x) => x.statusCode === 409)) {
    expect(r.json()).toEqual({
      error: 'CART_ALREADY_ORDERED',
      message: 'This cart has already been ordered',
      orderId: order._id,
      orderNumber: order.orderNumber,
    } satisfies CartAlreadyOrdered);
  }
  return order;
}

describe(`one order per cart (${engine}${engine === 'postgres' ? ', two instances' : ''})`, () => {
  it(`${CHECKOUTS} overlapping checkouts of one 100-piece cart without a key make one order (${ROUNDS} rounds)`, { timeout: 120_000 }, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const buyer = await signUp(main.app);
      expect((await cartClient(main.app, buyer).add([{ sku: product.sku, quantity: 100 }])).statusCode).toBe(200);
      const before = await stockOf(main.database, product.id);
      const results = await Promise.all(Array.from({ length: CHECKOUTS }, (_, i) => clientFor(buyer, i).checkout()));
      const order = expectOneOrder(results);
      expect(order.quantity).toBe(100);
      expect(await stockOf(main.database, product.id)).toBe(before - 100);
      expect(await ordersOf(buyer)).toHaveLength(1);
      expect((await cartClient(main.app, buyer).cart()).count).toBe(0);
    }
  });

  it(
    `${CHECKOUTS} overlapping checkouts with ${CHECKOUTS} different keys make one order; the same key ${CHECKOUTS} times answers that order`,
    { timeout: 120_000 },
    async () => {
      const buyer = await signUp(main.app);
      await cartClient(main.app, buyer).add([{ sku: product.sku, quantity: 100 }]);
      let before = await stockOf(main.database, product.id);
      const keyed = await Promise.all(
        Array.from({ length: CHECKOUTS }, (_, i) => clientFor(buyer, i).checkout({ shippingAddress: ADDRESS }, `own-${i}-${Date.now()}`)),
      );
      expectOneOrder(keyed);
      expect(await stockOf(main.database, product.id)).toBe(before - 100);
      expect(await ordersOf(buyer)).toHaveLength(1);

      // Same key: one 201, the rest the same order again (200), as a retry always did.
      const again = await signUp(main.app);
      await cartClient(main.app, again).add([{ sku: product.sku, quantity: 100 }]);
      before = await stockOf(main.database, product.id);
      const key = `same-${Date.now()}`;
      const same = await Promise.all(Array.from({ length: CHECKOUTS }, (_, i) => clientFor(again, i).checkout({ shippingAddress: ADDRESS }, key)));
      expect(same.map((r) => r.statusCode).sort((a, b) => b - a)).toEqual([201, ...Array<number>(CHECKOUTS - 1).fill(200)]);
      expect(new Set(same.map((r) => (r.json() as Order)._id)).size).toBe(1);
      expect(await stockOf(main.database, product.id)).toBe(before - 100);
      expect(await ordersOf(again)).toHaveLength(1);
    },
  );

  it('paid on account: one $1,000 cart becomes one invoice and uses $1,000 of credit once', { timeout: 120_000 }, async () => {
    // Room for 20 such orders: only the cart guard can stop the other nine.
    const c = await createCompany(main.app, { paymentTerms: 'net30', creditLimit: 20_000 });
    const buyer = await addMember(main, c, 'buyer');
    // $1.00 a piece (the first test product): 1,000 pieces is $1,000.
    expect((await cartClient(main.app, buyer).add([{ sku: product.sku, quantity: 1000 }])).statusCode).toBe(200);
    const before = await stockOf(main.database, product.id);
    const results = await Promise.all(
      Array.from({ length: CHECKOUTS }, (_, i) => clientFor(buyer, i).checkout({ shippingAddress: ADDRESS, paymentMethod: 'account' })),
    );
    const order = expectOneOrder(results);
    expect(order).toMatchObject({ status: 'invoiced', total: 1000, companyId: c.company.id });
    const company = (await main.app.inject({ url: `/api/companies/${c.company.id}`, headers: { cookie: c.admin.cookie } })).json() as Company;
    expect(company.creditUsed).toBe(1000);
    expect(await stockOf(main.database, product.id)).toBe(before - 1000);
    const invoices = await main.database.db.selectFrom('orders').select('invoice_number').where('company_id', '=', c.company.id).execute();
    expect(invoices).toHaveLength(1);
  });

  it('an ordered cart stays that order until a line is added: 409 naming it, then a new cart', async () => {
    const buyer = await signUp(main.app);
    const c = cartClient(main.app, buyer);
    const first = await c.order([product], 100);
    // Checked out again later (a second tab, a resubmitted form): the same 409 as an overlapping checkout.
    const late = await c.checkout();
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ error: 'CART_ALREADY_ORDERED', message: CART_MESSAGES.alreadyOrdered, orderId: first._id, orderNumber: first.orderNumber });
    // A line added starts a new cart: emptied by hand it is just empty, and filled it orders again.
    await c.put(product.id, 100);
    await c.remove(product.id);
    expect((await c.checkout()).json()).toMatchObject({ error: 'VALIDATION_FAILED', message: CART_MESSAGES.cartEmpty });
    const second = await c.order([product], 200);
    expect(second._id).not.toBe(first._id);
    expect(second.quantity).toBe(200);
    expect((await c.checkout()).json()).toMatchObject({ orderNumber: second.orderNumber });
  });

  it('the other 409s stay plain ApiError (short stock)', async () => {
    const [scarce] = await insertProducts(main.database, 1, { stock: 100 });
    const buyer = await signUp(main.app);
    const c = cartClient(main.app, buyer);
    await c.put(scarce!.id, 100);
    await main.database.db.updateTable('products').set({ available_quantity: 60 }).where('id', '=', scarce!.id).execute();
    const res = await c.checkout();
    expect(res.statusCode).toBe(409);
    const body = res.json() as ApiError;
    expect(body.error).toBe('INSUFFICIENT_STOCK');
    expect(body).not.toHaveProperty('orderNumber');
    expect((await c.cart()).count).toBe(1);
  });
});

describe(`reorders racing into one cart line (${engine}${engine === 'postgres' ? ', two instances' : ''})`, () => {
  const REORDERS = 6;
  const lineOf = (cart: Cart, id: string) => cart.lines.find((l) => l.productId === id)?.quantity;

  it(`${REORDERS} concurrent reorders add what ${REORDERS} sequential ones do: 6 × 100 on top of 50`, { timeout: 60_000 }, async () => {
    const buyer = await signUp(main.app);
    const c = cartClient(main.app, buyer);
    const order = await c.order([product], 100);
    await c.put(product.id, 50);
    const results = await Promise.all(Array.from({ length: REORDERS }, (_, i) => clientFor(buyer, i).reorder(order._id)));
    expect(results.map((r) => r.statusCode)).toEqual(Array<number>(REORDERS).fill(200));
    expect(lineOf(await c.cart(), product.id)).toBe(50 + REORDERS * 100);

    // The same six one after the other.
    const other = await signUp(main.app);
    const o = cartClient(main.app, other);
    const sequentialOrder = await o.order([product], 100);
    await o.put(product.id, 50);
    for (let i = 0; i < REORDERS; i++) expect((await o.reorder(sequentialOrder._id)).statusCode).toBe(200);
    expect(lineOf(await o.cart(), product.id)).toBe(lineOf(await c.cart(), product.id));
  });

  it(`${REORDERS} concurrent reorders of a 600-piece order stop at 1,000 pieces (900 for a pack of 300), never more`, { timeout: 60_000 }, async () => {
    const buyer = await signUp(main.app);
    const c = cartClient(main.app, buyer);
    expect((await c.add([{ sku: product.sku, quantity: 600 }])).statusCode).toBe(200);
    expect((await c.add([{ sku: packed.sku, quantity: 600 }])).statusCode).toBe(200);
    const placed = await c.checkout();
    expect(placed.statusCode).toBe(201);
    const order = placed.json() as Order;
    const results = await Promise.all(Array.from({ length: REORDERS }, (_, i) => clientFor(buyer, i).reorder(order._id)));
    expect(results.map((r) => r.statusCode)).toEqual(Array<number>(REORDERS).fill(200));
    const cart = await c.cart();
    expect(lineOf(cart, product.id)).toBe(1000);
    expect(lineOf(cart, packed.id)).toBe(900);
    // Both lines can be ordered as they are (stock allowing).
    expect(cart.lines.map((l) => l.problem)).toEqual([null, null]);
    // A line already above the cap (set before the cap existed) is never lowered by a reorder.
    await main.database.db.updateTable('cart_lines').set({ quantity: 1200 }).where('user_id', '=', buyer.id).where('product_id', '=', product.id).execute();
    await c.reorder(order._id);
    expect(lineOf(await c.cart(), product.id)).toBe(1200);
  });
});
