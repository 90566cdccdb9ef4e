import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/tables.js';
import type { UnitOfWork } from '../../db/unit-of-work.js';

/** Rows one UPDATE sets (a CASE over SKUs): 500 × 2 parameters, well inside both engines' limits. */
const CHUNK = 500;

/** A product a stock take left below its low-stock threshold (issue 19's `product.low_stock`). */
export interface LowStockRow {
  id: string;
  sku: string;
  name: string;
  available_quantity: number;
  /** The threshold that applied: the product's own, else the shop-wide one. */
  threshold: number;
}

/**
 * Thrown inside a stock take's unit when a SKU matched no product (one deleted meanwhile): the
 * unit rolls back, nothing changes.
 */
export class StockTakeShortError extends Error {}

/** The threshold a product's alert uses, as SQL: its own, else the shop-wide one. */
const thresholdSql = (shopWide: number) => sql<number>`coalesce(low_stock_threshold, cast(${shopWide} as integer))`;

/** Stock levels set from outside (issue 19): a warehouse's counts, by id or by SKU. Owns nothing new: `products`. */
export function createStockRepository(db: Kysely<DB>) {
  /** The products among `skus` now below their threshold, as the transaction sees them. */
  const lowAmong = async (trx: Transaction<DB>, skus: readonly string[], shopWide: number): Promise<LowStockRow[]> => {
    const rows = await trx
      .selectFrom('products')
      .select(['id', 'sku', 'name', 'available_quantity', thresholdSql(shopWide).as('threshold')])
      .where('sku', 'in', skus)
      .where('available_quantity', '<', thresholdSql(shopWide))
      .execute();
    return rows.map((r) => ({ ...r, threshold: Number(r.threshold) }));
  };

  return {
    /**
     * Sets one product's stock in the caller's unit; answers null when there is no such product,
     * else the product when it is now below its threshold (its own, else `shopWide`; a threshold
     * of 0 never alerts: no stock is below 0) and `[]` when it is not.
     */
    async setStockIn(uow: UnitOfWork, id: string, availableQuantity: number, now: string, shopWide: number): Promise<LowStockRow[] | null> {
      const row = await uow.trx
        .updateTable('products')
        .set({ available_quantity: availableQuantity, updated_at: now })
        .where('id', '=', id)
        .returning(['id', 'sku', 'name', 'available_quantity', 'low_stock_threshold'])
        .executeTakeFirst();
      if (!row) return null;
      const { low_stock_threshold: own, ...product } = row;
      const threshold = own === null ? shopWide : Number(own);
      return Number(row.available_quantity) < threshold ? [{ ...product, threshold }] : [];
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
     * Sets every SKU's stock in the caller's unit: all or nothing. Answers the products now below
     * their threshold; fewer products set than asked (one deleted meanwhile) throws
     * StockTakeShortError, which rolls the unit back.
     */
    async setStockBySkuIn(
      uow: UnitOfWork,
      items: readonly { sku: string; availableQuantity: number }[],
      now: string,
      shopWide: number,
    ): Promise<LowStockRow[]> {
      const { trx } = uow;
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
      if (updated !== items.length) throw new StockTakeShortError();
      const low: LowStockRow[] = [];
      for (let at = 0; at < items.length; at += CHUNK) {
        low.push(
          ...(await lowAmong(
            trx,
            items.slice(at, at + CHUNK).map((i) => i.sku),
            shopWide,
          )),
        );
      }
      return low;
    },
  };
}

export type StockRepository = ReturnType<typeof createStockRepository>;
