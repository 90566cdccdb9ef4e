import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/tables.js';
import type { ProductRow } from './products.repository.js';

/** The columns the CSV carries, plus what an upsert needs to keep (id, position): never `search_vector`. */
const CSV_COLUMNS = [
  'id',
  'sku',
  'name',
  'description',
  'price_e4',
  'minimum_order_quantity',
  'available_quantity',
  'brand',
  'category',
  'attributes',
  'img',
  'images',
  'price_tiers',
  'order_multiple',
  'low_stock_threshold',
  'backorder_allowed',
  'lead_time_days',
  'next_restock_date',
  'unspsc',
  'weight_grams',
  'tax_class',
] as const;
export type ProductCsvRow = Pick<ProductRow, (typeof CSV_COLUMNS)[number]>;

/** Columns an import rewrites on an existing product; id, position, created_at and archived stay. */
const UPDATED_COLUMNS = [
  'name',
  'name_lower',
  'description',
  'price_e4',
  'minimum_order_quantity',
  'available_quantity',
  'brand',
  'category',
  'attributes',
  'img',
  'images',
  'price_tiers',
  'order_multiple',
  'low_stock_threshold',
  'backorder_allowed',
  'lead_time_days',
  'next_restock_date',
  'unspsc',
  'weight_grams',
  'tax_class',
  'updated_at',
] as const;

/**
 * SQL of the CSV import and export (products module). `product_attributes` and the full-text
 * index are kept by triggers from `products`, so writing `products` is all an import does.
 */
export function createProductImportRepository(db: Kysely<DB>) {
  return {
    /** Which of `skus` (upper-case) exist; the caller sends a few hundred at a time. */
    async existingSkus(skus: readonly string[]): Promise<Set<string>> {
      if (!skus.length) return new Set();
      const rows = await db.selectFrom('products').select('sku').where('sku', 'in', skus).execute();
      return new Set(rows.map((r) => r.sku));
    },

    /** The stored tiers and multiple of the products with these SKUs (a file without those columns keeps them). */
    pricingBySkus(skus: readonly string[]): Promise<Pick<ProductRow, 'sku' | 'price_tiers' | 'order_multiple'>[]> {
      if (!skus.length) return Promise.resolve([]);
      return db.selectFrom('products').select(['sku', 'price_tiers', 'order_multiple']).where('sku', 'in', skus).execute();
    },

    /** Runs `fn` in one transaction: all of it commits or none. */
    transaction<T>(fn: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
      return db.transaction().execute(fn);
    },

    async nextPosition(trx: Transaction<DB>): Promise<number> {
      const row = await trx
        .selectFrom('products')
        .select((eb) => eb.fn.max('position').as('max'))
        .executeTakeFirst();
      return Number(row?.max ?? 0) + 1;
    },

    /** The products with these SKUs, as the transaction sees them. */
    findBySkus(trx: Transaction<DB>, skus: readonly string[]): Promise<ProductCsvRow[]> {
      if (!skus.length) return Promise.resolve([]);
      return trx.selectFrom('products').select(CSV_COLUMNS).where('sku', 'in', skus).execute();
    },

    /**
     * One multi-row statement: new SKUs are inserted, existing ones get the file's values
     * (the unique index on `sku` is the conflict target; the SKUs of one call are distinct).
     */
    async upsert(trx: Transaction<DB>, rows: readonly ProductRow[]): Promise<void> {
      if (!rows.length) return;
      await trx
        .insertInto('products')
        .values([...rows])
        .onConflict((oc) =>
          oc
            .column('sku')
            .doUpdateSet(
              (eb) => Object.fromEntries(UPDATED_COLUMNS.map((c) => [c, eb.ref(`excluded.${c}`)])) as Record<(typeof UPDATED_COLUMNS)[number], never>,
            ),
        )
        .execute();
    },

    /**
     * Issue 31: the SKUs among these whose sellable and committed pieces are fewer than their
     * other warehouses hold (the default warehouse's count would be negative, ADR 0032).
     */
    async belowOtherWarehouses(trx: Transaction<DB>, skus: readonly string[]): Promise<string[]> {
      if (!skus.length) return [];
      const rows = await trx
        .selectFrom('products')
        .select('sku')
        .where('sku', 'in', skus)
        .where(
          sql<boolean>`available_quantity + committed_quantity < coalesce((select sum(ws.quantity) from warehouse_stock ws where ws.product_id = products.id), 0)`,
        )
        .execute();
      return rows.map((r) => r.sku);
    },

    /** One page of every product (archived too), by id after `afterId`. */
    exportPage(afterId: string | undefined, limit: number): Promise<ProductCsvRow[]> {
      let query = db.selectFrom('products').select(CSV_COLUMNS);
      if (afterId !== undefined) query = query.where('id', '>', afterId);
      return query.orderBy('id', 'asc').limit(limit).execute();
    },

    /** Every specification name in the catalogue, sorted (one export column each). */
    async attributeNames(): Promise<string[]> {
      const rows = await db.selectFrom('product_attributes').select('name').distinct().orderBy('name', 'asc').execute();
      return rows.map((r) => r.name);
    },
  };
}

export type ProductImportRepository = ReturnType<typeof createProductImportRepository>;
