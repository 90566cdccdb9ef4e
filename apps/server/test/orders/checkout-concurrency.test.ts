import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError, Order } from '@bulkparts/shared';
import { cartClient, insertProducts, stockOf, type TestProduct } from '../helpers/cart.js';
import { signUp, type SignedInUser } from '../helpers/factories.js';
import { createConcurrentApps, engine, type TestApp } from '../helpers/test-app.js';

/**
 * 50 buyers check out 10-line carts over 20 shared products at once, with stock for far fewer
 * orders than that: on SQLite one app (group commit), on PostgreSQL two app instances sharing one
 * database. Every product's stock must equal its start minus the accepted orders' pieces, never go
 * below zero, and every answer must be 201 or 409 (no 5xx, no deadlock or serialization error).
 */
const BUYERS = 50;
const PRODUCTS = 20;
const LINES = 10;
const PIECES = 100;
const STOCK = 1000; // each product is in 25 carts (2,500 pieces wanted): at most 10 orders each

let apps: TestApp[] = [];
let closeApps: (() => Promise<void>) | undefined;
const buyers: SignedInUser[] = [];
let products: TestProduct[];

beforeAll(async () => {
  ({ apps, close: closeApps } = await createConcurrentApps());
  const main = apps[0]!;
  products = await insertProducts(main.database, PRODUCTS, { stock: STOCK });
  for (let i = 0; i < BUYERS; i += 10) buyers.push(...(await Promise.all(Array.from({ length: 10 }, () => signUp(main.app)))));
  // Buyer i wants products i, i+2, i+4, … (mod 20): every cart overlaps many others.
  await Promise.all(
    buyers.map((b, i) => {
      const mine = Array.from({ length: LINES }, (_, k) => products[(i + 2 * k) % PRODUCTS]!);
      // Added in different orders, so line order differs between carts; stock is still taken in product-id order.
      if (i % 2) mine.reverse();
      return cartClient(apps[i % apps.length]!.app, b)
        .add(mine.map((p) => ({ sku: p.sku, quantity: PIECES })))
        .then((r) => expect(r.statusCode).toBe(200));
    }),
  );
}, 120_000);
afterAll(async () => {
  await closeApps?.();
});

describe(`concurrent checkouts (${engine}${engine === 'postgres' ? ', two instances' : ''})`, () => {
  it(`${BUYERS} buyers check out ${LINES}-line carts over ${PRODUCTS} shared products: no oversell, no 5xx, no deadlock`, { timeout: 120_000 }, async () => {
    const results = await Promise.all(buyers.map((b, i) => cartClient(apps[i % apps.length]!.app, b).checkout()));
    const codes = results.map((r) => r.statusCode);
    expect(
      codes.filter((c) => c !== 201 && c !== 409),
      results.map((r) => r.body).join('\n'),
    ).toEqual([]);
    const accepted = results.filter((r) => r.statusCode === 201).map((r) => r.json() as Order);
    expect(accepted.length).toBeGreaterThan(0);
    expect(accepted.length).toBeLessThan(BUYERS);
    for (const r of results.filter((x) => x.statusCode === 409)) {
      const body = r.json() as ApiError;
      expect(body.error).toBe('INSUFFICIENT_STOCK');
      expect(body.lines?.length).toBeGreaterThan(0);
      expect(body.message).not.toMatch(/deadlock|serializ/i);
    }
    const taken = new Map<string, number>();
    for (const o of accepted) for (const l of o.lines) taken.set(l.productId, (taken.get(l.productId) ?? 0) + l.quantity);
    for (const p of products) {
      const left = await stockOf(apps[0]!.database, p.id);
      expect(left).toBeGreaterThanOrEqual(0);
      expect(left).toBe(STOCK - (taken.get(p.id) ?? 0));
    }
    // What the database holds agrees with the answers: the accepted orders and their lines, nothing else.
    const stored = await apps[0]!.database.db
      .selectFrom('order_lines')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(
        'product_id',
        'in',
        products.map((p) => p.id),
      )
      .executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(accepted.length * LINES);
    // The buyers whose checkout failed still have their carts; the others' are empty.
    const carts = await Promise.all(buyers.map((b, i) => cartClient(apps[i % apps.length]!.app, b).cart()));
    carts.forEach((c, i) => expect(c.count).toBe(codes[i] === 201 ? 0 : LINES));
  });
});
