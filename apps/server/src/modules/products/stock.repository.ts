import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/tables.js';

/** Rows one UPDATE sets (a CASE over SKUs): 500 × 2 parameters, well inside both engines' limits. */
const CHUNK = 500;

/** Stock levels set from outside (issue 19): a warehouse's counts, by id or by SKU. Owns nothing new: `products`. */
export function createStockRepository(db: Kysely<DB>) {
  return {
    /** Sets one product's stock; answers whether the product exists. */
    async setStock(id: string, availableQuantity: number, now: string): Promise<boolean> {
      const result = await db.updateTable('products').set({ available_quantity: availableQuantity, updated_at: now }).where('id', '=', id).executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** The ids and SKUs of the products with these SKUs (upper-case, as stored). */
    async findSkus(skus: readonly string[]): Promise<Set<string>> {
      const found = new Set<string>();
      for (let at = 0; at < skus.length; at += CHUNK) {
        const rows = await db
          .selectFrom('products')
          .select('sku')
          .where('sku', 'in', skus.slice(at, at + CHUNK))
          .execute();
        for (const row of rows) found.add(row.sku);
      }
      return found;
    },

    /**
     * Sets every SKU's stock in one transaction: all or nothing. Answers how many products were
     * set; fewer than asked (one deleted meanwhile) rolls everything back and answers null.
     */
    async setStockBySku(items: readonly { sku: string; availableQuantity: number }[], now: string): Promise<number | null> {
      class Short extends Error {}
      try {
        return await db.transaction().execute(async (trx) => {
          let updated = 0;
          for (let at = 0; at < items.length; at += CHUNK) {
            const chunk = items.slice(at, at + CHUNK);
            const cases = sql.join(
              chunk.map((i) => sql`when ${i.sku} then cast(${i.availableQuantity} as integer)`),
              sql` `,
            );
            const result = await trx
              .updateTable('products')
              .set({ available_quantity: sql<number>`case sku ${cases} end`, updated_at: now })
              .where(
                'sku',
                'in',
                chunk.map((i) => i.sku),
              )
              .executeTakeFirst();
            updated += Number(result.numUpdatedRows);
          }
          if (updated !== items.length) throw new Short();
          return updated;
        });
      } catch (error) {
        if (error instanceof Short) return null;
        throw error;
      }
    },
  };
}

export type StockRepository = ReturnType<typeof createStockRepository>;
