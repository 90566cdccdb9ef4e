import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/tables.js';

export interface StoredCartLine {
  product_id: string;
  quantity: number;
}

/** The `cart_lines` table: one row per (account, product), only the quantity is stored. */
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

    /** Sets each line's quantity (adding the lines that are new) in one statement. */
    async upsert(userId: string, lines: readonly { productId: string; quantity: number }[], now: string): Promise<void> {
      if (lines.length === 0) return;
      await db
        .insertInto('cart_lines')
        .values(lines.map((l) => ({ user_id: userId, product_id: l.productId, quantity: l.quantity, created_at: now, updated_at: now })))
        .onConflict((oc) => oc.columns(['user_id', 'product_id']).doUpdateSet((eb) => ({ quantity: eb.ref('excluded.quantity'), updated_at: now })))
        .execute();
    },

    async remove(userId: string, productId: string): Promise<void> {
      await db.deleteFrom('cart_lines').where('user_id', '=', userId).where('product_id', '=', productId).execute();
    },

    async clear(userId: string): Promise<void> {
      await db.deleteFrom('cart_lines').where('user_id', '=', userId).execute();
    },

    /** Inside the caller's transaction (the checkout's order, the account's removal). */
    async clearIn(trx: Transaction<DB>, userId: string): Promise<void> {
      await trx.deleteFrom('cart_lines').where('user_id', '=', userId).execute();
    },
  };
}

export type CartRepository = ReturnType<typeof createCartRepository>;
