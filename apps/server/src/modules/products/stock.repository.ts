import { sql, type Kysely, type Transaction } from 'kysely';
import type { Engine } from '../../db/database.js';
import type { DB } from '../../db/tables.js';

/** Rows one statement reads or writes: 500 × a few parameters, well inside both engines' limits. */
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
 * A product's stock figures as a unit sees them (issue 31, ADR 0032): what can be sold, what is
 * sold and not yet shipped, and the counts of the warehouses other than the default (whose count
 * is derived: `available + committed − Σ others`).
 */
export interface StockFigures {
  id: string;
  sku: string;
  name: string;
  available: number;
  committed: number;
  lowStockThreshold: number | null;
  /** warehouse id → count on its shelves, for every warehouse but the default. */
  others: Map<string, number>;
}

/** The default warehouse's count: what the product's figures leave once the other warehouses' counts are taken out. */
export const defaultCount = (f: Pick<StockFigures, 'available' | 'committed' | 'others'>): number =>
  f.available + f.committed - [...f.others.values()].reduce((n, q) => n + q, 0);

const chunks = <T>(list: readonly T[]): T[][] => Array.from({ length: Math.ceil(list.length / CHUNK) }, (_, i) => list.slice(i * CHUNK, (i + 1) * CHUNK));

/**
 * Stock per warehouse (issue 19's stock takes, issue 31's warehouses): the products module's
 * `products` figures and `warehouse_stock` counts. Every write runs in the caller's unit; reads
 * that decide a write lock the products' rows first (PostgreSQL, in id order, as orders take
 * stock), so a stock take, a shipment and an order never interleave on one product.
 */
export function createStockRepository(db: Kysely<DB>, engine: Engine) {
  /** The figures of these products in the unit, their rows locked on PostgreSQL (in id order). */
  async function figuresIn(trx: Transaction<DB> | Kysely<DB>, ids: readonly string[], lock: boolean): Promise<Map<string, StockFigures>> {
    const figures = new Map<string, StockFigures>();
    const sorted = [...new Set(ids)].sort();
    for (const part of chunks(sorted)) {
      let query = trx
        .selectFrom('products')
        .select(['id', 'sku', 'name', 'available_quantity', 'committed_quantity', 'low_stock_threshold'])
        .where('id', 'in', part)
        .orderBy('id');
      if (lock && engine === 'postgres') query = query.forUpdate();
      for (const r of await query.execute()) {
        figures.set(r.id, {
          id: r.id,
          sku: r.sku,
          name: r.name,
          available: Number(r.available_quantity),
          committed: Number(r.committed_quantity),
          lowStockThreshold: r.low_stock_threshold === null ? null : Number(r.low_stock_threshold),
          others: new Map(),
        });
      }
      const rows = await trx.selectFrom('warehouse_stock').select(['warehouse_id', 'product_id', 'quantity']).where('product_id', 'in', part).execute();
      for (const r of rows) figures.get(r.product_id)?.others.set(r.warehouse_id, Number(r.quantity));
    }
    return figures;
  }

  return {
    /** Locks and reads these products' figures in the unit (missing ids are simply absent). */
    figuresIn: (trx: Transaction<DB>, ids: readonly string[]) => figuresIn(trx, ids, true),
    /** The figures as they are now, outside any unit (an admin's stock page). */
    figures: (ids: readonly string[]) => figuresIn(db, ids, false),

    /** Ids by upper-case SKU for these SKUs (unknown ones are simply absent). */
    async idsBySku(skus: readonly string[]): Promise<Map<string, string>> {
      const found = new Map<string, string>();
      for (const part of chunks(skus)) {
        const rows = await db.selectFrom('products').select(['id', 'sku']).where('sku', 'in', part).execute();
        for (const row of rows) found.set(row.sku, row.id);
      }
      return found;
    },

    /** Writes products' new sellable and committed figures in the unit (one statement per chunk). */
    async writeFiguresIn(trx: Transaction<DB>, changes: readonly { id: string; available: number; committed: number }[], now: string): Promise<void> {
      for (const part of chunks(changes)) {
        const available = sql.join(
          part.map((c) => sql`when ${c.id} then cast(${c.available} as integer)`),
          sql` `,
        );
        const committed = sql.join(
          part.map((c) => sql`when ${c.id} then cast(${c.committed} as integer)`),
          sql` `,
        );
        await trx
          .updateTable('products')
          .set({ available_quantity: sql<number>`case id ${available} end`, committed_quantity: sql<number>`case id ${committed} end`, updated_at: now })
          .where(
            'id',
            'in',
            part.map((c) => c.id),
          )
          .execute();
      }
    },

    /** Sets warehouses' counts (never the default's, which is derived) in the unit. */
    async writeCountsIn(trx: Transaction<DB>, counts: readonly { warehouseId: string; productId: string; quantity: number }[], now: string): Promise<void> {
      for (const part of chunks(counts)) {
        await trx
          .insertInto('warehouse_stock')
          .values(part.map((c) => ({ warehouse_id: c.warehouseId, product_id: c.productId, quantity: c.quantity, updated_at: now })))
          .onConflict((oc) =>
            oc
              .columns(['warehouse_id', 'product_id'])
              .doUpdateSet((eb) => ({ quantity: eb.ref('excluded.quantity'), updated_at: eb.ref('excluded.updated_at') })),
          )
          .execute();
      }
    },

    /** Whether any product has pieces counted in this (non-default) warehouse. */
    async warehouseHoldsStock(warehouseId: string): Promise<boolean> {
      const row = await db
        .selectFrom('warehouse_stock')
        .select('product_id')
        .where('warehouse_id', '=', warehouseId)
        .where('quantity', '>', 0)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}

export type StockRepository = ReturnType<typeof createStockRepository>;
