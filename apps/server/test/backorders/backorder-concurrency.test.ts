import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '@bulkparts/shared';
import { insertProducts, stockOf, type TestProduct } from '../helpers/cart.js';
import { SHIP_TO, signUp, signUpAdmin, type SignedInUser } from '../helpers/factories.js';
import { createConcurrentApps, engine, type TestApp } from '../helpers/test-app.js';

/**
 * Issue 31: buyers order a scarce product that takes backorders while stock pushes arrive, on
 * SQLite (one app, group commit) and on two instances sharing PostgreSQL. Afterwards: no stock
 * below zero, every accepted piece either allocated (committed) or backordered, the product's
 * figures equal to its lines', allocation in queue order (no line waits behind one served after
 * it), and a last push serves every waiting line exactly.
 */
const BUYERS = 40;
const PIECES = 100;
const START = 300;
const PUSHES = [150, 0, 200, 120, 90];

let apps: TestApp[] = [];
let closeApps: (() => Promise<void>) | undefined;
let admin: SignedInUser;
const buyers: SignedInUser[] = [];
let product: TestProduct;

beforeAll(async () => {
  ({ apps, close: closeApps } = await createConcurrentApps());
  const main = apps[0]!;
  admin = await signUpAdmin(main.app);
  product = (await insertProducts(main.database, 1, { stock: START }))[0]!;
  const set = await main.app.inject({
    method: 'PATCH',
    url: `/api/service/${product!.id}`,
    headers: { cookie: admin.cookie },
    payload: { backorder: { allowed: true, leadTimeDays: 10 } },
  });
  expect(set.statusCode, set.body).toBe(200);
  for (let i = 0; i < BUYERS; i += 10) buyers.push(...(await Promise.all(Array.from({ length: 10 }, () => signUp(main.app)))));
}, 120_000);
afterAll(async () => {
  await closeApps?.();
});

const appOf = (i: number) => apps[i % apps.length]!.app;
const push = (i: number, availableQuantity: number) =>
  appOf(i).inject({ method: 'PATCH', url: `/api/service/${product.id}/stock`, headers: { cookie: admin.cookie }, payload: { availableQuantity } });

describe(`backorders under concurrency (${engine}${engine === 'postgres' ? ', two instances' : ''})`, () => {
  it(
    `${BUYERS} buyers order ${PIECES} pieces of a scarce product while stock pushes arrive: nothing sold twice, allocation in queue order`,
    { timeout: 120_000 },
    async () => {
      const orders = buyers.map((b, i) =>
        appOf(i).inject({
          method: 'POST',
          url: '/api/purchase',
          headers: { cookie: b.cookie },
          payload: { productId: product.id, quantity: PIECES, shippingAddress: SHIP_TO },
        }),
      );
      const pushes = (async () => {
        const results = [];
        for (const [i, n] of PUSHES.entries()) results.push(await push(i, n));
        return results;
      })();
      const [placed, pushed] = await Promise.all([Promise.all(orders), pushes]);
      expect(
        placed.map((r) => r.statusCode).filter((c) => c !== 201),
        placed.map((r) => r.body).join('\n'),
      ).toEqual([]);
      expect(pushed.map((r) => r.statusCode)).toEqual(PUSHES.map(() => 200));

      const db = apps[0]!.database.db;
      const readLines = () =>
        db.selectFrom('order_lines').select(['order_id', 'quantity', 'backordered', 'backorder_position']).where('product_id', '=', product.id).execute();
      const figures = () =>
        db
          .selectFrom('products')
          .select(['available_quantity', 'committed_quantity', 'backordered_quantity'])
          .where('id', '=', product.id)
          .executeTakeFirstOrThrow();
      const lines = await readLines();
      expect(lines).toHaveLength(BUYERS);
      const f = await figures();
      // Every accepted piece is either allocated (committed, nothing has shipped) or backordered.
      const waiting = lines.reduce((n, l) => n + Number(l.backordered), 0);
      const allocated = lines.reduce((n, l) => n + Number(l.quantity) - Number(l.backordered), 0);
      for (const l of lines) expect(Number(l.backordered)).toBeGreaterThanOrEqual(0);
      expect(Number(f.available_quantity)).toBeGreaterThanOrEqual(0);
      expect(Number(f.committed_quantity)).toBe(allocated);
      expect(Number(f.backordered_quantity)).toBe(waiting);
      // Stock on sale while pieces wait would be a jump of the queue: one or the other is 0.
      expect(Number(f.available_quantity) === 0 || waiting === 0).toBe(true);
      // In queue order, once a line waits every later one waits too (no line served ahead of an earlier one).
      const queue = lines.filter((l) => l.backorder_position !== null).sort((a, b) => Number(a.backorder_position) - Number(b.backorder_position));
      const firstWaiting = queue.findIndex((l) => Number(l.backordered) > 0);
      if (firstWaiting >= 0) for (const l of queue.slice(firstWaiting)) expect(Number(l.backordered)).toBeGreaterThan(0);
      expect(new Set(queue.map((l) => l.backorder_position)).size).toBe(queue.length);

      // A last push serves every waiting line and leaves exactly the rest on sale.
      expect((await push(0, waiting + 10)).statusCode).toBe(200);
      const after = await figures();
      expect(Number(after.available_quantity)).toBe(10);
      expect(Number(after.backordered_quantity)).toBe(0);
      expect(Number(after.committed_quantity)).toBe(BUYERS * PIECES);
      expect((await readLines()).every((l) => Number(l.backordered) === 0)).toBe(true);
      expect(await stockOf(apps[0]!.database, product.id)).toBe(10);
      const answered = placed.map((r) => r.json() as Order);
      expect(answered.every((o) => o.lines[0]!.quantity === PIECES)).toBe(true);
    },
  );
});
