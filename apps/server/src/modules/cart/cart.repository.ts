import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/tables.js';

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

const NEVER_ORDERED: CartCheckoutState = { version: 0, orderId: null, ordered: false };

/** The same products with the same quantities (in any order). */
function sameLines(a: readonly StoredCartLine[], b: readonly StoredCartLine[]): boolean {
  if (a.length !== b.length) return false;
  const quantities = new Map(a.map((l) => [l.product_id, Number(l.quantity)]));
  return b.every((l) => quantities.get(l.product_id) === Number(l.quantity));
}

/** An empty cart gets a line: it is no longer the order its last checkout made. */
async function reopenIn(trx: Transaction<DB>, userId: string, now: string): Promise<void> {
  await trx.updateTable('carts').set({ ordered: 0, updated_at: now }).where('user_id', '=', userId).where('ordered', '=', 1).execute();
}

/** The `cart_lines` table (one row per (account, product), only the quantity is stored) and `carts` (its checkouts). */
export function createCartRepository(db: Kysely<DB>) {
  return {
    /** The account's lines in the order they were first added. */
    list(userId: string): Promise<StoredCartLine[]> {
      return db
        .selectFrom('cart_lines')
        .select(['product_id', 'quantity'])
        .where('user_id', '=', userId)
        .orderBy('created_at', 'asc')
        .orderBy('product_id', 'asc')
        .execute();
    },

    async checkoutState(userId: string): Promise<CartCheckoutState> {
      const row = await db.selectFrom('carts').select(['version', 'order_id', 'ordered']).where('user_id', '=', userId).executeTakeFirst();
      return row ? { version: Number(row.version), orderId: row.order_id, ordered: Number(row.ordered) === 1 } : NEVER_ORDERED;
    },

    /**
     * Sets each line's quantity (adding the lines that are new) in one statement. `reopen`: the
     * lines go into an empty cart, which from now on is a new cart, no longer the order its last
     * checkout made (`carts.ordered` cleared in the same commit).
     */
    async upsert(userId: string, lines: readonly { productId: string; quantity: number }[], now: string, { reopen = false } = {}): Promise<void> {
      if (lines.length === 0) return;
      const write = (q: Kysely<DB>) =>
        q
          .insertInto('cart_lines')
          .values(lines.map((l) => ({ user_id: userId, product_id: l.productId, quantity: l.quantity, created_at: now, updated_at: now })))
          .onConflict((oc) => oc.columns(['user_id', 'product_id']).doUpdateSet((eb) => ({ quantity: eb.ref('excluded.quantity'), updated_at: now })))
          .execute();
      if (!reopen) {
        await write(db);
        return;
      }
      // The lines first, then `carts`: the order a checkout's unit locks them in (no deadlock on PostgreSQL).
      await db.transaction().execute(async (trx) => {
        await write(trx);
        await reopenIn(trx, userId, now);
      });
    },

    /**
     * Adds each line's pieces to what the cart holds, computed by the database in the statement
     * (concurrent adds cannot lose one another's pieces) and capped at the line's `cap`; a line
     * already above its cap is left as it is. One statement per distinct cap, in one transaction
     * (with `reopen`, as `upsert`).
     */
    async addCapped(userId: string, lines: readonly CappedAdd[], now: string, { reopen = false } = {}): Promise<void> {
      if (lines.length === 0) return;
      const byCap = new Map<number, CappedAdd[]>();
      for (const l of lines) byCap.set(l.cap, [...(byCap.get(l.cap) ?? []), l]);
      await db.transaction().execute(async (trx) => {
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
      });
    },

    async remove(userId: string, productId: string): Promise<void> {
      await db.deleteFrom('cart_lines').where('user_id', '=', userId).where('product_id', '=', productId).execute();
    },

    async clear(userId: string): Promise<void> {
      await db.deleteFrom('cart_lines').where('user_id', '=', userId).execute();
    },

    /**
     * Inside the checkout's order unit: takes the cart's lines (`delete … returning`) and bumps
     * its version to record `orderId`, both only as the checkout read them. False (the caller
     * rolls its unit back) when the lines taken are not the lines read or the version moved:
     * another checkout took this cart, or it changed meanwhile. On PostgreSQL a second checkout
     * of the same cart waits here on the first one's row locks, then finds the lines gone.
     */
    async takeIn(
      trx: Transaction<DB>,
      userId: string,
      seen: { version: number; lines: readonly StoredCartLine[] },
      orderId: string,
      now: string,
    ): Promise<boolean> {
      const taken = await trx.deleteFrom('cart_lines').where('user_id', '=', userId).returning(['product_id', 'quantity']).execute();
      if (!sameLines(seen.lines, taken)) return false;
      const bumped = await trx
        .insertInto('carts')
        .values({ user_id: userId, version: seen.version + 1, order_id: orderId, ordered: 1, updated_at: now })
        .onConflict((oc) =>
          oc
            .column('user_id')
            .doUpdateSet((eb) => ({ version: eb.ref('excluded.version'), order_id: eb.ref('excluded.order_id'), ordered: 1, updated_at: now }))
            .where('carts.version', '=', seen.version),
        )
        .executeTakeFirst();
      return Number(bumped.numInsertedOrUpdatedRows ?? 0) === 1;
    },

    /** Inside the account removal's transaction: the lines and the checkouts' record. */
    async removeIn(trx: Transaction<DB>, userId: string): Promise<void> {
      await trx.deleteFrom('cart_lines').where('user_id', '=', userId).execute();
      await trx.deleteFrom('carts').where('user_id', '=', userId).execute();
    },
  };
}

export type CartRepository = ReturnType<typeof createCartRepository>;
