import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/tables.js';

/** Rows one UPDATE sets (a CASE over SKUs): 500 × 2 parameters, well inside both engines' limits. */
const CHUNK = 500;

/** A product a stock take left below the low-stock threshold (issue 19's `product.low_stock`). */
export interface LowStockRow {
  id: string;
  sku: string;
  name: string;
  available_quantity: number;
}

/** Runs in the stock take's transaction with the products it left below `threshold` (none: not called). */
export interface LowStockHook {
  threshold: number;
  write(trx: Transaction<DB>, low: readonly LowStockRow[]): Promise<void>;
}

/** Stock levels set from outside (issue 19): a warehouse's counts, by id or by SKU. Owns nothing new: `products`. */
export function createStockRepository(db: Kysely<DB>) {
  /** The products among `skus` now below the threshold, as the transaction sees them. */
  const lowAmong = (trx: Transaction<DB>, skus: readonly string[], threshold: number): Promise<LowStockRow[]> =>
    trx
      .selectFrom('products')
      .select(['id', 'sku', 'name', 'available_quantity'])
      .where('sku', 'in', skus)
      .where('available_quantity', '<', threshold)
      .execute();

  return {
    /** Sets one product's stock (with `lowStock` in the same transaction); answers whether the product exists. */
    async setStock(id: string, availableQuantity: number, now: string, lowStock?: LowStockHook): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .updateTable('products')
          .set({ available_quantity: availableQuantity, updated_at: now })
          .where('id', '=', id)
          .returning(['id', 'sku', 'name', 'available_quantity'])
          .executeTakeFirst();
        if (!row) return false;
        if (lowStock && Number(row.available_quantity) < lowStock.threshold) await lowStock.write(trx, [row]);
        return true;
      });
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
    async setStockBySku(items: readonly { sku: string; availableQuantity: number }[], now: string, lowStock?: LowStockHook): Promise<number | null> {
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
          if (lowStock) {
            const low: LowStockRow[] = [];
            for (let at = 0; at < items.length; at += CHUNK) {
              low.push(
                ...(await lowAmong(
                  trx,
                  items.slice(at, at + CHUNK).map((i) => i.sku),
                  lowStock.threshold,
                )),
              );
            }
            if (low.length) await lowStock.write(trx, low);
          }
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
