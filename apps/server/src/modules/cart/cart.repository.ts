import { sql, type Kysely, type Transaction } from 'kysely';
import type { Engine } from '../../db/database.js';
import type { GroupCommit } from '../../db/group-commit.js';
import type { DB } from '../../db/tables.js';
import {
  bumpIfStatement,
  listStatement,
  lockStatement,
  reopenStatement,
  seenStatement,
  setIfStatement,
  setOneStatement,
  takeStatement,
} from './cart-statements.repository.js';

export interface StoredCartLine {
  product_id: string;
  quantity: number;
}

/** The `carts` row: how many times the cart became an order, the last such order, and whether the (empty) cart still is it. */
export interface CartCheckoutState {
  version: number;
  orderId: string | null;
  ordered: boolean;
}

/** A line added up to `cap` pieces (the most one line may hold), never lowering what the cart holds. */
export interface CappedAdd {
  productId: string;
  quantity: number;
  cap: number;
}

/** The cart's lines as a line change read them, without a lock, and the version of them its write checks. */
export interface CartLinesSeen {
  /** `carts.lines_version` (0 for a cart never written). */
  linesVersion: number;
  lines: StoredCartLine[];
}

const NEVER_ORDERED: CartCheckoutState = { version: 0, orderId: null, ordered: false };

/** The same products with the same quantities (in any order). */
function sameLines(a: readonly StoredCartLine[], b: readonly StoredCartLine[]): boolean {
  if (a.length !== b.length) return false;
  const quantities = new Map(a.map((l) => [l.product_id, Number(l.quantity)]));
  return b.every((l) => quantities.get(l.product_id) === Number(l.quantity));
}

/** An empty cart gets a line: it is no longer the order its last checkout made (in the same commit as the line). */
async function reopenIn(trx: Transaction<DB>, userId: string, now: string): Promise<void> {
  await reopenStatement(trx, userId, now);
}

/** A cart locked by `inLockedCart`: its reads and writes, all in the unit's transaction. */
export interface LockedCart {
  /** The lines in the order they were first added. */
  list(): Promise<StoredCartLine[]>;
  /** Sets each line's quantity (adding the lines that are new) in one statement. `reopen`: see `reopenIn`. */
  set(lines: readonly { productId: string; quantity: number }[], options?: { reopen?: boolean }): Promise<void>;
  /**
   * Adds each line's pieces to what the cart holds, capped at the line's `cap` (a line already
   * above it is left as it is); one statement per distinct cap.
   */
  addCapped(lines: readonly CappedAdd[], options?: { reopen?: boolean }): Promise<void>;
  /** Removes every line ('Buy again' replacing the cart; issue 29), undone with the unit if it fails. */
  clear(): Promise<void>;
  /** Removes one line. */
  remove(productId: string): Promise<void>;
}

const listOf = async (q: Kysely<DB>, userId: string): Promise<StoredCartLine[]> => (await listStatement(q, userId)).rows;

function lockedCart(trx: Transaction<DB>, userId: string, now: string): LockedCart {
  return {
    list: () => listOf(trx, userId),

    async set(lines, { reopen = false } = {}) {
      if (lines.length === 0) return;
      if (lines.length === 1) await setOneStatement(trx, userId, lines[0]!.productId, lines[0]!.quantity, now);
      else
        await trx
          .insertInto('cart_lines')
          .values(lines.map((l) => ({ user_id: userId, product_id: l.productId, quantity: l.quantity, created_at: now, updated_at: now })))
          .onConflict((oc) => oc.columns(['user_id', 'product_id']).doUpdateSet((eb) => ({ quantity: eb.ref('excluded.quantity'), updated_at: now })))
          .execute();
      if (reopen) await reopenIn(trx, userId, now);
    },

    async addCapped(lines, { reopen = false } = {}) {
      if (lines.length === 0) return;
      const byCap = new Map<number, CappedAdd[]>();
      for (const l of lines) byCap.set(l.cap, [...(byCap.get(l.cap) ?? []), l]);
      for (const [cap, group] of byCap) {
        const limit = sql<number>`cast(${cap} as integer)`;
        await trx
          .insertInto('cart_lines')
          .values(group.map((l) => ({ user_id: userId, product_id: l.productId, quantity: Math.min(l.quantity, cap), created_at: now, updated_at: now })))
          .onConflict((oc) =>
            oc.columns(['user_id', 'product_id']).doUpdateSet({
              quantity: sql<number>`case
                when cart_lines.quantity >= ${limit} then cart_lines.quantity
                when cart_lines.quantity + excluded.quantity > ${limit} then ${limit}
                else cart_lines.quantity + excluded.quantity end`,
              updated_at: now,
            }),
          )
          .execute();
      }
      if (reopen) await reopenIn(trx, userId, now);
    },

    async clear() {
      await trx.deleteFrom('cart_lines').where('user_id', '=', userId).execute();
    },

    async remove(productId) {
      await trx.deleteFrom('cart_lines').where('user_id', '=', userId).where('product_id', '=', productId).execute();
    },
  };
}

/**
 * The `cart_lines` table (one row per (account, product), only the quantity is stored) and `carts`
 * (its checkouts, and the row a cart unit locks). A cart unit is a relaxed unit of the group commit
 * (db/group-commit.ts, ADR 0029): it commits without waiting for the disk, together with the
 * units that arrive with it; a line is the buyer's to re-enter, and the checkout that orders it
 * commits durably, making the lines it read durable with it.
 */
export function createCartRepository(db: Kysely<DB>, engine: Engine, commits: GroupCommit) {
  const inLockedCart = <T>(userId: string, now: string, work: (cart: LockedCart) => Promise<T>): Promise<T> =>
    commits.run(
      async (trx) => {
        await lockStatement(trx, userId, now);
        return work(lockedCart(trx, userId, now));
      },
      { relaxed: true },
    );

  return {
    /** The account's lines in the order they were first added. */
    list: (userId: string): Promise<StoredCartLine[]> => listOf(db, userId),

    /**
     * What a checkout reads before its unit, in one statement (one snapshot): the cart's checkout
     * state and its lines in the order they were first added. An empty cart that a checkout
     * emptied is then seen as that checkout's order, with no race between two reads.
     */
    async stateAndLines(userId: string): Promise<{ state: CartCheckoutState; lines: StoredCartLine[] }> {
      const rows = (
        await sql<{ version: number | null; order_id: string | null; ordered: number | null; product_id: string | null; quantity: number | null }>`
          select c.version, c.order_id, c.ordered, l.product_id, l.quantity
          from (select cast(${userId} as text) as user_id) as u
          left join carts as c on c.user_id = u.user_id
          left join cart_lines as l on l.user_id = u.user_id
          order by l.created_at asc, l.product_id asc`.execute(db)
      ).rows;
      const first = rows[0];
      const state =
        first && first.version !== null ? { version: Number(first.version), orderId: first.order_id, ordered: Number(first.ordered) === 1 } : NEVER_ORDERED;
      const lines = rows.filter((r) => r.product_id !== null).map((r) => ({ product_id: r.product_id!, quantity: Number(r.quantity) }));
      return { state, lines };
    },

    async checkoutState(userId: string): Promise<CartCheckoutState> {
      const row = await db.selectFrom('carts').select(['version', 'order_id', 'ordered']).where('user_id', '=', userId).executeTakeFirst();
      return row ? { version: Number(row.version), orderId: row.order_id, ordered: Number(row.ordered) === 1 } : NEVER_ORDERED;
    },

    /**
     * Runs `work` as one unit on the account's cart, locked first: its `carts` row is upserted
     * (created with version 0 and no order when the cart was never checked out), so on
     * PostgreSQL every other unit of this cart, on any instance, waits here until this one
     * commits, and on SQLite the unit holds the write lock from its first statement. A cart's
     * read-check-write (a bulk add's totals, the lines cap, reopening) then sees what the unit
     * before it wrote. Every cart unit and a checkout's `takeIn` lock `carts` before the lines:
     * one order, no deadlock. `work` may use only the cart it is handed (on SQLite a query on
     * the app's connection would wait for this unit to end); what it throws rolls the unit back.
     */
    inLockedCart,

    /** The lines in the order they were first added, with their version, in one statement and without a lock. */
    async seen(userId: string): Promise<CartLinesSeen> {
      const rows = (await seenStatement(db, userId)).rows;
      const first = rows[0];
      return {
        linesVersion: first && first.lines_version !== null ? Number(first.lines_version) : 0,
        lines: rows.filter((r) => r.product_id !== null).map((r) => ({ product_id: r.product_id!, quantity: Number(r.quantity) })),
      };
    },

    /**
     * Sets one line's quantity (adding it when new) only if the cart's lines are still at
     * `seenVersion`: true when written, false (nothing written) when another change came between
     * (the caller reads again). It moves the version and reopens a cart a checkout emptied (a cart
     * with `ordered` set holds no line, so a line always reopens it). A relaxed commit, as every
     * cart unit (ADR 0029): on PostgreSQL one statement, on SQLite a unit of the group commit.
     */
    async setLineIf(userId: string, seenVersion: number, productId: string, quantity: number, now: string): Promise<boolean> {
      if (engine === 'postgres') return (await setIfStatement(db, userId, seenVersion, productId, quantity, now)).rows.length === 1;
      return commits.run(
        async (trx) => {
          if ((await bumpIfStatement(trx, userId, seenVersion, now)).rows.length !== 1) return false;
          await setOneStatement(trx, userId, productId, quantity, now);
          return true;
        },
        { relaxed: true },
      );
    },

    /** Removes one line, moving the lines' version (a locked cart unit). */
    remove: (userId: string, productId: string, now: string): Promise<void> => inLockedCart(userId, now, (cart) => cart.remove(productId)),

    /** Removes every line, moving the lines' version (a locked cart unit). */
    clear: (userId: string, now: string): Promise<void> => inLockedCart(userId, now, (cart) => cart.clear()),

    /**
     * Inside the checkout's order unit: bumps the cart's version to record `orderId` and takes its
     * lines (`delete … returning`), both only as the checkout read them. False (the caller rolls
     * its unit back) when the version moved or the lines taken are not the lines read: another
     * checkout took this cart, or it changed meanwhile. `carts` first, as every cart unit
     * (`inLockedCart`): on PostgreSQL a second checkout of the same cart waits here on the first
     * one's row lock, then finds the version moved.
     */
    async takeIn(
      trx: Transaction<DB>,
      userId: string,
      seen: { version: number; lines: readonly StoredCartLine[] },
      orderId: string,
      now: string,
    ): Promise<boolean> {
      if (engine === 'postgres') return sameLines(seen.lines, (await takeStatement(trx, userId, seen.version, seen.version + 1, orderId, now)).rows);
      const bumped = await trx
        .insertInto('carts')
        .values({ user_id: userId, version: seen.version + 1, order_id: orderId, ordered: 1, updated_at: now, lines_version: 1 })
        .onConflict((oc) =>
          oc
            .column('user_id')
            .doUpdateSet((eb) => ({
              version: eb.ref('excluded.version'),
              order_id: eb.ref('excluded.order_id'),
              ordered: 1,
              updated_at: now,
              lines_version: sql<number>`carts.lines_version + 1`,
            }))
            .where('carts.version', '=', seen.version),
        )
        .executeTakeFirst();
      if (Number(bumped.numInsertedOrUpdatedRows ?? 0) !== 1) return false;
      const taken = await trx.deleteFrom('cart_lines').where('user_id', '=', userId).returning(['product_id', 'quantity']).execute();
      return sameLines(seen.lines, taken);
    },

    /** Inside the account removal's transaction: the checkouts' record and the lines (`carts` first, as every cart unit). */
    async removeIn(trx: Transaction<DB>, userId: string): Promise<void> {
      await trx.deleteFrom('carts').where('user_id', '=', userId).execute();
      await trx.deleteFrom('cart_lines').where('user_id', '=', userId).execute();
    },
  };
}

export type CartRepository = ReturnType<typeof createCartRepository>;
