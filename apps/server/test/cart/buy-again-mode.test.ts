import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, reorderCappedMessage, stockErrorMessage, type ApiError, type Cart, type Order, type ReorderResult } from '@bulkparts/shared';
import { cartClient, insertProducts, setStock, type TestProduct } from '../helpers/cart.js';
import { signUp, type SignedInUser } from '../helpers/factories.js';
import { createTestApp, engine, type TestApp } from '../helpers/test-app.js';

/**
 * Issue 29: 'Buy again' (`POST /api/purchase/:id/reorder`) either adds the order's lines to the
 * cart (the default, as before) or replaces the cart with them, and names each line it could not
 * add, or added with something to fix, by SKU and name with a reason.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

/** The reorder with a body (`undefined`: none at all, as clients before issue 29 send). */
const reorder = (buyer: SignedInUser, orderId: string, body?: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `/api/purchase/${orderId}/reorder`,
    headers: { cookie: buyer.cookie },
    ...(body === undefined ? {} : { payload: body as object }),
  });

const quantities = (cart: Cart) => cart.lines.map((l) => [l.productId, l.quantity]);

/** A buyer with an order of `products` (100 each) and then a cart holding `cartLines`. */
async function buyerWith(products: readonly TestProduct[], cartLines: readonly [TestProduct, number][]) {
  const buyer = await signUp(t.app);
  const c = cartClient(t.app, buyer);
  const order: Order = await c.order(products, 100);
  for (const [p, q] of cartLines) expect((await c.put(p.id, q)).statusCode).toBe(200);
  return { buyer, c, order };
}

describe(`'Buy again' replaces or adds to the cart (${engine})`, () => {
  it('without a body (or with mode add) adds the order to what the cart holds, as before', async () => {
    const [a, b, other] = await insertProducts(t.database, 3, { stock: 10_000 });
    const { buyer, c, order } = await buyerWith(
      [a!, b!],
      [
        [other!, 300],
        [a!, 50],
      ],
    );
    const res = await reorder(buyer, order._id);
    expect(res.statusCode).toBe(200);
    const body = res.json() as ReorderResult;
    expect(quantities(body)).toEqual([
      [other!.id, 300],
      [a!.id, 150],
      [b!.id, 100],
    ]);
    expect({ added: body.added, skipped: body.skipped, needsAttention: body.needsAttention }).toEqual({ added: 2, skipped: [], needsAttention: [] });
    const again = await reorder(buyer, order._id, { mode: 'add' });
    expect(again.statusCode).toBe(200);
    expect(quantities(await c.cart())).toEqual([
      [other!.id, 300],
      [a!.id, 250],
      [b!.id, 200],
    ]);
  });

  it('mode replace makes the cart exactly the order’s lines', async () => {
    const [a, b, other] = await insertProducts(t.database, 3, { stock: 10_000 });
    const { buyer, c, order } = await buyerWith(
      [a!, b!],
      [
        [other!, 300],
        [a!, 700],
      ],
    );
    const res = await reorder(buyer, order._id, { mode: 'replace' });
    expect(res.statusCode).toBe(200);
    const body = res.json() as ReorderResult;
    expect(quantities(body).sort()).toEqual(
      [
        [a!.id, 100],
        [b!.id, 100],
      ].sort(),
    );
    expect(body.count).toBe(2);
    expect(body.added).toBe(2);
    expect(quantities(await c.cart())).toEqual(quantities(body));
  });

  it('replace into a cart its last checkout emptied reopens it: the cart can be checked out again', async () => {
    const [a] = await insertProducts(t.database, 1, { stock: 10_000 });
    const { buyer, c, order } = await buyerWith([a!], []);
    expect((await reorder(buyer, order._id, { mode: 'replace' })).statusCode).toBe(200);
    expect((await c.checkout()).statusCode).toBe(201);
  });

  it('names every line it skipped or added with something to fix, by SKU and name, with the reason', async () => {
    const [kept, archived, deleted, short, big] = await insertProducts(t.database, 5, { stock: 10_000 });
    const buyer = await signUp(t.app);
    const c = cartClient(t.app, buyer);
    const order = await c.order([kept!, archived!, deleted!, short!], 100);
    const bigOrder = await c.order([big!], 600);
    await t.database.db.updateTable('products').set({ archived: 1 }).where('id', '=', archived!.id).execute();
    // A product with orders is archived by the admin API, never deleted; a script could still delete it.
    await t.database.db.deleteFrom('products').where('id', '=', deleted!.id).execute();
    await setStock(t.database, short!.id, 40);

    const res = await reorder(buyer, order._id, { mode: 'replace' });
    expect(res.statusCode).toBe(200);
    const body = res.json() as ReorderResult;
    expect(body.added).toBe(3);
    expect(body.skipped).toEqual([{ productId: deleted!.id, sku: deleted!.sku, name: deleted!.name, message: MESSAGES.productUnavailable }]);
    expect(body.needsAttention).toEqual([
      { productId: archived!.id, sku: archived!.sku, name: archived!.name, message: MESSAGES.productUnavailable },
      { productId: short!.id, sku: short!.sku, name: short!.name, message: stockErrorMessage(40) },
    ]);
    // The cart says the same on each line.
    expect(body.lines.map((l) => [l.sku, l.problem])).toEqual(
      expect.arrayContaining([
        [kept!.sku, null],
        [archived!.sku, MESSAGES.productUnavailable],
        [short!.sku, stockErrorMessage(40)],
      ]),
    );

    // 600 on top of 600 reaches the most one line holds: said, and the line holds 1000.
    expect((await reorder(buyer, bigOrder._id)).statusCode).toBe(200);
    const capped = (await reorder(buyer, bigOrder._id)).json() as ReorderResult;
    expect(capped.needsAttention).toEqual([{ productId: big!.id, sku: big!.sku, name: big!.name, message: reorderCappedMessage(1000) }]);
    expect(capped.lines.find((l) => l.productId === big!.id)?.quantity).toBe(1000);
  });

  it('replace with nothing that can be added leaves the cart as it was', async () => {
    const [gone, other] = await insertProducts(t.database, 2, { stock: 10_000 });
    const { buyer, c, order } = await buyerWith([gone!], [[other!, 300]]);
    await t.database.db.deleteFrom('products').where('id', '=', gone!.id).execute();
    const res = await reorder(buyer, order._id, { mode: 'replace' });
    expect(res.statusCode).toBe(200);
    const body = res.json() as ReorderResult;
    expect(body.added).toBe(0);
    expect(body.skipped.map((s) => s.sku)).toEqual([gone!.sku]);
    expect(quantities(await c.cart())).toEqual([[other!.id, 300]]);
  });

  it('a bad mode is a 400 VALIDATION_FAILED naming mode, and the cart is untouched', async () => {
    const [a, other] = await insertProducts(t.database, 2, { stock: 10_000 });
    const { buyer, c, order } = await buyerWith([a!], [[other!, 300]]);
    for (const mode of ['REPLACE', 'merge', '', null, 1, true, ['add'], { add: true }]) {
      const res = await reorder(buyer, order._id, { mode });
      expect(res.statusCode, JSON.stringify(mode)).toBe(400);
      const body = res.json() as ApiError;
      expect(body.error).toBe('VALIDATION_FAILED');
      expect(body.fields?.mode).toBe("mode must be 'add' or 'replace'");
    }
    expect(quantities(await c.cart())).toEqual([[other!.id, 300]]);
    // Someone else's order is still a 404, whatever the mode.
    expect((await reorder(await signUp(t.app), order._id, { mode: 'replace' })).statusCode).toBe(404);
  });
});
