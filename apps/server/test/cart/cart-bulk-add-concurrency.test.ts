import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CART_LINES_MAX, CART_MESSAGES, MESSAGES, stockErrorMessage, type Cart, type Order } from '@bulkparts/shared';
import type { LightMyRequestResponse } from 'fastify';
import { cartClient, insertProducts, type TestProduct } from '../helpers/cart.js';
import { signUp, type SignedInUser } from '../helpers/factories.js';
import { createConcurrentApps, engine, type TestApp } from '../helpers/test-app.js';

/**
 * A cart's read-check-write is one unit on the locked cart: overlapping `POST /api/cart/lines`
 * for one buyer sum (none overwrites another's pieces), and each one's totals are checked against
 * what the others wrote, so together they never pass 1000 pieces, the stock or the lines cap;
 * the refused ones answer the usual 400. PUT and reorder keep the lines cap the same way, and adds
 * racing checkouts neither lose nor double pieces (nor deadlock on PostgreSQL). On SQLite one app;
 * on PostgreSQL two instances on one database, requests alternating between them.
 */
const ADDS = 8;
const ROUNDS = 3;

let apps: TestApp[] = [];
let closeApps: (() => Promise<void>) | undefined;
let main: TestApp;
let plenty: TestProduct;

beforeAll(async () => {
  ({ apps, close: closeApps } = await createConcurrentApps());
  main = apps[0]!;
  // Minimum 50, pack of 1, stock for every round: only the cart's own rules can refuse an add.
  plenty = (await insertProducts(main.database, 1, { stock: 100_000 }))[0]!;
}, 120_000);
afterAll(async () => {
  await closeApps?.();
});

/** Request `i` goes to instance `i mod n`: on PostgreSQL the two instances race each other. */
const clientFor = (buyer: SignedInUser, i: number) => cartClient(apps[i % apps.length]!.app, buyer);
const lineOf = (cart: Cart, id: string) => cart.lines.find((l) => l.productId === id)?.quantity;
const codesOf = (results: LightMyRequestResponse[]) => results.map((r) => r.statusCode).sort();

/** `n` overlapping bulk adds of `quantity` pieces of `product` by one buyer. */
function overlappingAdds(buyer: SignedInUser, product: TestProduct, quantity: number, n = ADDS) {
  return Promise.all(Array.from({ length: n }, (_, i) => clientFor(buyer, i).add([{ sku: product.sku, quantity }])));
}

/** The 400 a bulk add answers for its one line, exactly as a sequential add's. */
function expectRefused(res: LightMyRequestResponse, sku: string, message: string) {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json()).toEqual({ error: 'VALIDATION_FAILED', message: CART_MESSAGES.badLines, lines: [{ index: 0, sku, message, field: 'quantity' }] });
}

describe(`overlapping bulk adds to one cart (${engine}${engine === 'postgres' ? ', two instances' : ''})`, () => {
  it(`${ADDS} overlapping adds of 100 pieces leave exactly ${ADDS * 100} (${ROUNDS} rounds)`, { timeout: 120_000 }, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const buyer = await signUp(main.app);
      const results = await overlappingAdds(buyer, plenty, 100);
      expect(codesOf(results), results.map((r) => r.body).join('\n')).toEqual(Array<number>(ADDS).fill(200));
      expect(lineOf(await cartClient(main.app, buyer).cart(), plenty.id)).toBe(ADDS * 100);
      // Each answer is the cart its own add left: every total from 100 to 800 once.
      expect(results.map((r) => lineOf(r.json() as Cart, plenty.id)).sort((a, b) => a! - b!)).toEqual(Array.from({ length: ADDS }, (_, i) => (i + 1) * 100));
    }
  });

  it(`${ADDS} overlapping adds of 300 pieces: three fit under 1000, the other five are refused 400`, { timeout: 60_000 }, async () => {
    const buyer = await signUp(main.app);
    const results = await overlappingAdds(buyer, plenty, 300);
    expect(codesOf(results)).toEqual([200, 200, 200, 400, 400, 400, 400, 400]);
    for (const r of results.filter((x) => x.statusCode !== 200)) expectRefused(r, plenty.sku, MESSAGES.quantityMax);
    expect(lineOf(await cartClient(main.app, buyer).cart(), plenty.id)).toBe(900);
  });

  it(`${ADDS} overlapping adds of 100 pieces of a product with 500 in stock: five fit, three are refused 400`, { timeout: 60_000 }, async () => {
    const [scarce] = await insertProducts(main.database, 1, { stock: 500 });
    const buyer = await signUp(main.app);
    const results = await overlappingAdds(buyer, scarce!, 100);
    expect(codesOf(results)).toEqual([200, 200, 200, 200, 200, 400, 400, 400]);
    for (const r of results.filter((x) => x.statusCode !== 200)) expectRefused(r, scarce!.sku, stockErrorMessage(500));
    expect(lineOf(await cartClient(main.app, buyer).cart(), scarce!.id)).toBe(500);
  });
});

describe(`the lines cap under overlapping writes (${engine})`, () => {
  const NEW = 4;

  /** A buyer whose cart holds CART_LINES_MAX - 1 lines, and NEW products not in it. */
  async function almostFull(): Promise<{ buyer: SignedInUser; extra: TestProduct[] }> {
    const many = await insertProducts(main.database, CART_LINES_MAX - 1 + NEW, { stock: 10_000 });
    const buyer = await signUp(main.app);
    const filled = await cartClient(main.app, buyer).add(many.slice(0, CART_LINES_MAX - 1).map((p) => ({ sku: p.sku, quantity: 50 })));
    expect(filled.statusCode, filled.body).toBe(200);
    return { buyer, extra: many.slice(CART_LINES_MAX - 1) };
  }

  async function expectOneMoreLine(buyer: SignedInUser, results: LightMyRequestResponse[]) {
    expect(codesOf(results), results.map((r) => r.body).join('\n')).toEqual([200, ...Array<number>(NEW - 1).fill(400)]);
    for (const r of results.filter((x) => x.statusCode === 400)) expect(r.json().message).toBe(CART_MESSAGES.cartFull);
    expect((await cartClient(main.app, buyer).cart()).count).toBe(CART_LINES_MAX);
  }

  it(`${NEW} overlapping adds of a new product each into a cart one line short: one fits`, { timeout: 60_000 }, async () => {
    const { buyer, extra } = await almostFull();
    await expectOneMoreLine(buyer, await Promise.all(extra.map((p, i) => clientFor(buyer, i).add([{ sku: p.sku, quantity: 50 }]))));
  });

  it(`${NEW} overlapping PUTs of a new line each into a cart one line short: one fits`, { timeout: 60_000 }, async () => {
    const { buyer, extra } = await almostFull();
    await expectOneMoreLine(buyer, await Promise.all(extra.map((p, i) => clientFor(buyer, i).put(p.id, 50))));
  });

  it(`${NEW} overlapping reorders of one-line orders into a cart one line short: one fits`, { timeout: 60_000 }, async () => {
    const { buyer, extra } = await almostFull();
    // Each order from a cart of its own, then the cart filled again.
    const orders: Order[] = [];
    const saved = await cartClient(main.app, buyer).cart();
    await cartClient(main.app, buyer).clear();
    for (const p of extra) orders.push(await cartClient(main.app, buyer).order([p], 50));
    const refill = await cartClient(main.app, buyer).add(saved.lines.map((l) => ({ sku: l.sku, quantity: l.quantity })));
    expect(refill.statusCode, refill.body).toBe(200);
    await expectOneMoreLine(buyer, await Promise.all(orders.map((o, i) => clientFor(buyer, i).reorder(o._id))));
  });
});

describe(`bulk adds racing checkouts of the same cart (${engine})`, () => {
  it('no 5xx, and every piece added is either in an order or still in the cart', { timeout: 60_000 }, async () => {
    const buyer = await signUp(main.app);
    expect((await cartClient(main.app, buyer).add([{ sku: plenty.sku, quantity: 100 }])).statusCode).toBe(200);
    const calls = Array.from({ length: ADDS }, (_, i) =>
      i % 2 ? clientFor(buyer, i).checkout() : clientFor(buyer, i).add([{ sku: plenty.sku, quantity: 100 }]),
    );
    const results = await Promise.all(calls);
    expect(
      results.filter((r) => r.statusCode >= 500),
      results.map((r) => r.body).join('\n'),
    ).toEqual([]);
    // Every add fits (at most 500 pieces in all); a checkout orders, or is told the cart was ordered or changed.
    expect(results.filter((_, i) => i % 2 === 0).map((r) => r.statusCode)).toEqual(Array<number>(ADDS / 2).fill(200));
    for (const r of results.filter((_, i) => i % 2 === 1)) expect([201, 409], r.body).toContain(r.statusCode);
    const ordered = await main.database.db.selectFrom('orders').select('quantity').where('user_id', '=', buyer.id).execute();
    const inCart = lineOf(await cartClient(main.app, buyer).cart(), plenty.id) ?? 0;
    expect(ordered.reduce((sum, o) => sum + Number(o.quantity), 0) + inCart).toBe(100 + (ADDS / 2) * 100);
  });
});
