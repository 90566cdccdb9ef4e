import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../../src/db/database.js';
import { createGroupCommit } from '../../src/db/group-commit.js';
import type { CartOwner } from '../../src/modules/cart/cart-owner.js';
import { createCartRepository, type CartRepository } from '../../src/modules/cart/cart.repository.js';
import { createCartService, type CartDeps } from '../../src/modules/cart/cart.service.js';
import { createTestApp, engine, type TestApp } from '../helpers/test-app.js';

/**
 * Issue 29 (ADR 0029): a line change reads the cart without a lock and writes only if its lines
 * did not move since. Every change of a cart's lines moves `carts.lines_version` in its own
 * transaction, so the check sees each of them.
 */
let t: TestApp;
let repo: CartRepository;
const now = () => new Date().toISOString();

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  repo = createCartRepository(t.database.db, t.database.engine, createGroupCommit(t.database.db, t.database.engine));
});
afterAll(async () => t.close());

describe('a line change checked against the lines it read', () => {
  it('writes on the version it read, and writes nothing on a version that moved', async () => {
    expect(await repo.seen('version-a')).toEqual({ linesVersion: 0, lines: [] });
    expect(await repo.setLineIf('version-a', 0, 'p1', 100, now())).toBe(true);
    const first = await repo.seen('version-a');
    expect(first).toEqual({ linesVersion: 1, lines: [{ product_id: 'p1', quantity: 100 }] });

    // A second writer that read the same version loses and changes nothing.
    expect(await repo.setLineIf('version-a', 0, 'p2', 200, now())).toBe(false);
    expect(await repo.seen('version-a')).toEqual(first);

    expect(await repo.setLineIf('version-a', 1, 'p1', 300, now())).toBe(true);
    expect(await repo.seen('version-a')).toEqual({ linesVersion: 2, lines: [{ product_id: 'p1', quantity: 300 }] });
  });

  it('a cart never written is created by the first line, and a concurrent first line loses', async () => {
    const outcomes = await Promise.all([repo.setLineIf('version-b', 0, 'p1', 100, now()), repo.setLineIf('version-b', 0, 'p2', 100, now())]);
    expect(outcomes.filter(Boolean)).toHaveLength(1);
    expect((await repo.seen('version-b')).lines).toHaveLength(1);
  });

  it('every other change of the lines moves the version: a locked unit, removing a line, emptying, a checkout taking the lines', async () => {
    const cart = 'version-c';
    await repo.setLineIf(cart, 0, 'p1', 100, now());
    await repo.setLineIf(cart, 1, 'p2', 100, now());
    const versionNow = async () => (await repo.seen(cart)).linesVersion;
    expect(await versionNow()).toBe(2);

    await repo.inLockedCart(cart, now(), (locked) => locked.set([{ productId: 'p3', quantity: 50 }]));
    expect(await versionNow()).toBe(3);
    await repo.remove(cart, 'p3', now());
    expect(await versionNow()).toBe(4);

    const seen = await repo.stateAndLines(cart);
    const taken = await t.database.db
      .transaction()
      .execute((trx) => repo.takeIn(trx, cart, { version: seen.state.version, lines: seen.lines }, 'order-1', now()));
    expect(taken).toBe(true);
    expect(await repo.seen(cart)).toEqual({ linesVersion: 5, lines: [] });
    // A line after the checkout reopens the cart: it is no longer that order.
    expect(await repo.setLineIf(cart, 5, 'p1', 100, now())).toBe(true);
    expect((await repo.checkoutState(cart)).ordered).toBe(false);

    await repo.clear(cart, now());
    expect(await repo.seen(cart)).toEqual({ linesVersion: 7, lines: [] });
  });
});

describe.skipIf(engine !== 'postgres')('on PostgreSQL', () => {
  it('the one-statement line change leaves its connection committing durably for the next statement', async () => {
    const single = createDatabase(t.config, { poolSize: 1 });
    try {
      // Test databases commit relaxed by default (test-app.ts): this session commits durably, as a shop's does.
      await sql`set synchronous_commit = on`.execute(single.db);
      const own = createCartRepository(single.db, single.engine, createGroupCommit(single.db, single.engine));
      expect(await own.setLineIf('version-d', 0, 'p1', 100, now())).toBe(true);
      const after = (await sql<{ s: string }>`select current_setting('synchronous_commit') as s`.execute(single.db)).rows[0]!.s;
      expect(after).toBe('on');
    } finally {
      await single.close();
    }
  });
});

describe('a line change losing to other changes', () => {
  it('takes the cart’s lock on its last try, so it is written however often it loses', async () => {
    const product = {
      id: 'p-lock',
      sku: 'LOCK-1',
      name: 'Lock probe',
      img: '',
      price_e4: 12_500,
      price_tiers: '[]',
      order_multiple: 1,
      minimum_order_quantity: 1,
      available_quantity: 1_000,
      archived: 0,
      backorder_allowed: 0,
      lead_time_days: null,
      next_restock_date: null,
      weight_grams: null,
      tax_class: 'standard',
    };
    let tries = 0;
    const losing: CartRepository = {
      ...repo,
      setLineIf: async () => {
        tries++;
        return false;
      },
    };
    const find = async (ids: readonly string[]) => (ids.includes(product.id) ? [product] : []);
    const cart = createCartService({
      repo: losing,
      products: { findLineProducts: find, findMany: find, findBySkus: async () => [] } as unknown as CartDeps['products'],
    });
    const answer = await cart.setLine({ cartId: 'version-e', buyerId: 'version-e' } as CartOwner, product.id, 100);
    expect(tries).toBe(3);
    expect(answer.lines.map((l) => [l.productId, l.quantity])).toEqual([[product.id, 100]]);
    expect(await repo.seen('version-e')).toEqual({ linesVersion: 1, lines: [{ product_id: product.id, quantity: 100 }] });
  });
});
