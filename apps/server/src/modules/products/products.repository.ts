import { PostgresAdapter, sql, type Kysely, type RawBuilder, type Selectable, type Transaction } from 'kysely';
import type { AdminProductSort } from '@bulkparts/shared';
import { precompiled } from '../../db/precompiled.js';
import { anyColumnContains } from '../../db/query-helpers.js';
import type { ProductsTable } from '../../db/schema.js';
import type { DB } from '../../db/tables.js';

export type ProductRow = Selectable<ProductsTable>;

/**
 * The columns a cart line reads of its product (its checks, price, weight and tax class): not the
 * description, attributes or images, which made most of a 10-line cart's read (ADR 0029).
 */
export const LINE_PRODUCT_COLUMNS = [
  'id',
  'sku',
  'name',
  'img',
  'price_e4',
  'price_tiers',
  'order_multiple',
  'minimum_order_quantity',
  'available_quantity',
  'archived',
  'backorder_allowed',
  'lead_time_days',
  'next_restock_date',
  'weight_grams',
  'tax_class',
] as const;
export type LineProduct = Pick<ProductRow, (typeof LINE_PRODUCT_COLUMNS)[number]>;

/**
 * Issue 31 (ADR 0032): a product's new sellable figure as written by the product form, a delta or
 * CSV (the default warehouse's change, as before warehouses) must leave the default warehouse a
 * count of zero or more: available + committed ≥ what the other warehouses hold.
 */
export const keepsDefaultCount = (available: RawBuilder<unknown>) =>
  sql<boolean>`${available} + products.committed_quantity >= coalesce((select sum(ws.quantity) from warehouse_stock ws where ws.product_id = products.id), 0)`;

/** All Product's filters (issue 33), resolved: `categories` a category and every one under it. */
export interface AdminProductFilter {
  q?: string | undefined;
  categories?: string[] | undefined;
  brand?: string | undefined;
  stock?: 'low' | 'out' | undefined;
  archived: 'all' | 'active' | 'archived';
  /** `low` is fewer than this many minimum orders left. */
  lowStockMinOrders: number;
}

const ADMIN_SORT_COLUMN: Record<AdminProductSort, 'created_at' | 'name_lower' | 'sku' | 'price_e4' | 'available_quantity'> = {
  created: 'created_at',
  name: 'name_lower',
  sku: 'sku',
  price: 'price_e4',
  stock: 'available_quantity',
};

/** The catalogue list, search and facets are in catalogue-search.repository.ts. */
const productById = precompiled((q, id: string) => q.selectFrom('products').selectAll().where('id', 'in', [id]));
/**
 * Line products by id, any number of ids as one parameter (a JSON array on SQLite, an array on
 * PostgreSQL): one statement text, compiled once and prepared once however many lines a cart has.
 */
const lineProductsByIds = precompiled((q, ids: string | string[]) => {
  const query = q.selectFrom('products').select(LINE_PRODUCT_COLUMNS);
  return q.getExecutor().adapter instanceof PostgresAdapter
    ? query.where('id', '=', sql<string>`any(cast(${ids} as text[]))`)
    : query.where('id', 'in', sql<string>`(select value from json_each(${ids}))`);
});
// A one-line order's stock (a checkout, a purchase): compiled once (ADR 0029).
const takeOneStatement = precompiled((q, id: string, quantity: number) =>
  q
    .updateTable('products')
    // Issue 31: the pieces stay on a warehouse's shelves, committed, until they ship (ADR 0032).
    .set({ available_quantity: sql`available_quantity - ${quantity}`, committed_quantity: sql`committed_quantity + ${quantity}` })
    .where('id', '=', id)
    .where('available_quantity', '>=', quantity)
    .where('archived', '=', 0),
);

export function createProductsRepository(db: Kysely<DB>) {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;

  /**
   * Takes `quantity` pieces inside the caller's transaction with one conditional UPDATE: the
   * `available_quantity >= q` guard makes the database the arbiter, so concurrent orders (one
   * process or many sharing PostgreSQL) never take more than there is. Answers whether it took them.
   */
  async function takeOne(trx: Transaction<DB>, id: string, quantity: number): Promise<boolean> {
    const result = await takeOneStatement(trx, id, quantity);
    return Number(result.numAffectedRows ?? 0) > 0;
  }

  return {
    findById(id: string): Promise<ProductRow | undefined> {
      return db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async nextPosition(): Promise<number> {
      const row = await db
        .selectFrom('products')
        .select((eb) => eb.fn.max('position').as('max'))
        .executeTakeFirst();
      return Number(row?.max ?? 0) + 1;
    },

    async insert(row: ProductRow): Promise<void> {
      await db.insertInto('products').values(row).execute();
    },

    /**
     * With `expectedStock`, changes nothing (answers false) unless the stock is still that figure.
     * A new `available_quantity` is the default warehouse's change (issue 31): it never leaves that
     * warehouse a negative count (`keepsDefaultCount`).
     */
    async update(id: string, values: Partial<Omit<ProductRow, 'id'>>, expectedStock?: number): Promise<boolean> {
      let query = db.updateTable('products').set(values).where('id', '=', id);
      if (expectedStock !== undefined) query = query.where('available_quantity', '=', expectedStock);
      if (values.available_quantity !== undefined) query = query.where(keepsDefaultCount(sql`${values.available_quantity}`));
      const result = await query.executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Adds `delta` pieces in one conditional statement, so stock never goes below zero (nor the default warehouse's count, issue 31). */
    async adjustStock(id: string, delta: number, now: string): Promise<boolean> {
      const result = await db
        .updateTable('products')
        .set({ available_quantity: sql`available_quantity + ${delta}`, updated_at: now })
        .where('id', '=', id)
        .where(sql<boolean>`available_quantity + ${delta} >= 0`)
        .where(keepsDefaultCount(sql`available_quantity + ${delta}`))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Products by id, archived ones included (a cart shows why such a line cannot be ordered). */
    findMany(ids: readonly string[]): Promise<ProductRow[]> {
      if (ids.length === 0) return Promise.resolve([]);
      // One product (a cart line change, a payment's lines) is the hot case: compiled once (ADR 0029).
      if (ids.length === 1) return productById(db, ids[0]!).then((r) => r.rows);
      return db.selectFrom('products').selectAll().where('id', 'in', ids).execute();
    },

    /** The line columns of products by id (archived ones included), in no particular order. */
    findLineProducts(ids: readonly string[]): Promise<LineProduct[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return lineProductsByIds(db, postgres ? [...ids] : JSON.stringify(ids)).then((r) => r.rows);
    },

    /** Products by SKU (stored upper-case: pass normalised SKUs), archived ones included. */
    findBySkus(skus: readonly string[]): Promise<ProductRow[]> {
      if (skus.length === 0) return Promise.resolve([]);
      return db.selectFrom('products').selectAll().where('sku', 'in', skus).execute();
    },

    /** A product that can be ordered (not archived). */
    findOrderable(id: string): Promise<ProductRow | undefined> {
      return db.selectFrom('products').selectAll().where('id', '=', id).where('archived', '=', 0).executeTakeFirst();
    },

    /**
     * Takes `quantity` pieces inside the caller's transaction with one conditional UPDATE: the
     * `available_quantity >= q` guard makes the database the arbiter, so concurrent orders (one
     * process or many sharing PostgreSQL) never take more than there is. Answers whether it took them.
     */
    takeStock: takeOne,

    /**
     * Takes several products' pieces inside the caller's transaction; answers the ids it took
     * from (a missing id was short, archived or gone, and nothing else changes for it). On
     * PostgreSQL the rows are first locked in id order with one `select … order by id for update`
     * (so concurrent orders queue instead of deadlocking), then updated by one statement: two
     * round trips while the locks are held instead of one per line. SQLite has one writer and
     * needs no lock: the same one statement (ADR 0029: a 10-line checkout ran ten before). A
     * product named twice takes its lines one by one, each checked on its own.
     */
    async takeStockMany(trx: Transaction<DB>, pieces: readonly { productId: string; quantity: number }[]): Promise<Set<string>> {
      const taken = new Set<string>();
      const ids = pieces.map((p) => p.productId);
      if (pieces.length === 1 || new Set(ids).size !== ids.length) {
        for (const p of pieces) if (await takeOne(trx, p.productId, p.quantity)) taken.add(p.productId);
        return taken;
      }
      if (!postgres) {
        const values = sql.join(pieces.map((p) => sql`(${p.productId}, ${p.quantity})`));
        const updated = await sql<{ id: string }>`
          with v(id, q) as (values ${values})
          update products set available_quantity = products.available_quantity - v.q, committed_quantity = products.committed_quantity + v.q
          from v
          where products.id = v.id and products.available_quantity >= v.q and products.archived = 0
          returning products.id`.execute(trx);
        for (const row of updated.rows) taken.add(row.id);
        return taken;
      }
      await trx.selectFrom('products').select('id').where('id', 'in', ids).orderBy('id').forUpdate().execute();
      const values = sql.join(pieces.map((p) => sql`(${p.productId}::varchar, ${p.quantity}::integer)`));
      const updated = await sql<{ id: string }>`
        update products set available_quantity = products.available_quantity - v.q, committed_quantity = products.committed_quantity + v.q
        from (values ${values}) as v(id, q)
        where products.id = v.id and products.available_quantity >= v.q and products.archived = 0
        returning products.id`.execute(trx);
      for (const row of updated.rows) taken.add(row.id);
      return taken;
    },

    /**
     * Issue 31 (ADR 0032): locks these products' rows in the unit, in id order (PostgreSQL; SQLite's
     * one writer needs nothing). Every unit that moves stock of existing orders locks its products
     * first, before any order row, so such units never wait for each other in a cycle.
     */
    async lockIn(trx: Transaction<DB>, ids: readonly string[]): Promise<void> {
      if (!postgres || ids.length === 0) return;
      await trx
        .selectFrom('products')
        .select('id')
        .where('id', 'in', [...new Set(ids)])
        .orderBy('id')
        .forUpdate()
        .execute();
    },

    /**
     * Issue 31: a line of a product taking backorders, in the placement's unit (its row locked
     * first on PostgreSQL, `lockIn`): it takes what stock there is unless pieces already wait for
     * it (then it joins the queue behind them: first come, first served), and its backordered
     * pieces take the queue's next place. Answers what it took and its place (null: none waits).
     */
    async takeUpToIn(trx: Transaction<DB>, id: string, quantity: number): Promise<{ taken: number; position: number | null }> {
      const row = await trx.selectFrom('products').select(['available_quantity', 'backordered_quantity']).where('id', '=', id).executeTakeFirst();
      if (!row) return { taken: 0, position: null };
      const taken = Number(row.backordered_quantity) > 0 ? 0 : Math.max(0, Math.min(quantity, Number(row.available_quantity)));
      const waiting = quantity - taken;
      const updated = await trx
        .updateTable('products')
        .set({
          available_quantity: sql`available_quantity - ${taken}`,
          committed_quantity: sql`committed_quantity + ${taken}`,
          backordered_quantity: sql`backordered_quantity + ${waiting}`,
          backorder_seq: sql`backorder_seq + ${waiting > 0 ? 1 : 0}`,
        })
        .where('id', '=', id)
        .returning('backorder_seq')
        .executeTakeFirstOrThrow();
      return { taken, position: waiting > 0 ? Number(updated.backorder_seq) : null };
    },

    /** Issue 31: these products' sellable pieces and pieces waiting for them, as the unit sees them (locked by the caller). */
    async queueIn(trx: Transaction<DB>, ids: readonly string[]): Promise<Map<string, { available: number; waiting: number }>> {
      if (ids.length === 0) return new Map();
      const rows = await trx.selectFrom('products').select(['id', 'available_quantity', 'backordered_quantity']).where('id', 'in', ids).execute();
      return new Map(rows.map((r) => [r.id, { available: Number(r.available_quantity), waiting: Number(r.backordered_quantity) }]));
    },

    /** Issue 31: `pieces` now in stock for waiting lines: sold (committed), and `waiting` pieces are left in the queue. */
    async fillIn(trx: Transaction<DB>, id: string, pieces: number, waiting: number): Promise<void> {
      await trx
        .updateTable('products')
        .set({
          available_quantity: sql`available_quantity - ${pieces}`,
          committed_quantity: sql`committed_quantity + ${pieces}`,
          backordered_quantity: waiting,
        })
        .where('id', '=', id)
        .execute();
    },

    /** Puts `quantity` committed (unshipped) pieces back on sale inside the caller's transaction (a cancelled or expired order). */
    async returnStock(trx: Transaction<DB>, id: string, quantity: number, backordered = 0): Promise<void> {
      await trx
        .updateTable('products')
        // Orders written before committed pieces were counted (scripts, old rows) never take it below 0.
        // Issue 31: the order's backordered pieces leave the product's queue.
        .set({
          available_quantity: sql`available_quantity + ${quantity}`,
          committed_quantity: sql`case when committed_quantity > ${quantity} then committed_quantity - ${quantity} else 0 end`,
          backordered_quantity: sql`case when backordered_quantity > ${backordered} then backordered_quantity - ${backordered} else 0 end`,
        })
        .where('id', '=', id)
        .execute();
    },

    /** The stock as the caller's transaction sees it (0 for a missing product). */
    async stockIn(trx: Transaction<DB>, id: string): Promise<number> {
      const row = await trx.selectFrom('products').select('available_quantity').where('id', '=', id).executeTakeFirst();
      return Number(row?.available_quantity ?? 0);
    },

    /** Products with fewer than `minOrders` minimum orders left (the admin overview). */
    lowStock(minOrders: number, limit: number) {
      return db
        .selectFrom('products')
        .select(['id', 'name', 'available_quantity', 'minimum_order_quantity'])
        .where('archived', '=', 0)
        .where(sql<boolean>`available_quantity < minimum_order_quantity * ${minOrders}`)
        .orderBy('available_quantity', 'asc')
        .orderBy('id', 'asc')
        .limit(limit)
        .execute();
    },

    /** All Product (issue 33): one page, sorted by a column (ties by id), and how many match. */
    async adminPage(
      filter: AdminProductFilter,
      page: { sort: AdminProductSort; order: 'asc' | 'desc'; offset: number; limit: number },
    ): Promise<{ rows: ProductRow[]; total: number }> {
      let query = db.selectFrom('products');
      if (filter.q) query = query.where(anyColumnContains(['name', 'sku'], filter.q));
      if (filter.categories) query = query.where('category', 'in', filter.categories);
      if (filter.brand) query = query.where('brand', '=', filter.brand);
      if (filter.stock === 'out') query = query.where('available_quantity', '<=', 0);
      if (filter.stock === 'low') query = query.where(sql<boolean>`available_quantity < minimum_order_quantity * ${filter.lowStockMinOrders}`);
      if (filter.archived !== 'all') query = query.where('archived', '=', filter.archived === 'archived' ? 1 : 0);
      const [rows, total] = await Promise.all([
        query.selectAll().orderBy(ADMIN_SORT_COLUMN[page.sort], page.order).orderBy('id', page.order).limit(page.limit).offset(page.offset).execute(),
        query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(total.n) };
    },

    /** Issue 33 (the operator's inbox): how many products `lowStock` would list, unbounded. */
    async lowStockCount(minOrders: number): Promise<number> {
      const row = await db
        .selectFrom('products')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('archived', '=', 0)
        .where(sql<boolean>`available_quantity < minimum_order_quantity * ${minOrders}`)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Whether a product shows the image at `url` (the upload sweep asks). */
    async imageInUse(url: string): Promise<boolean> {
      return (await db.selectFrom('products').select('id').where('img', '=', url).limit(1).executeTakeFirst()) !== undefined;
    },

    async delete(id: string): Promise<void> {
      await db.deleteFrom('products').where('id', '=', id).execute();
    },

    /** Visible products filed directly in each category (the categories module rolls them up its tree). */
    async directCategoryCounts(): Promise<Map<string, number>> {
      const rows = await db
        .selectFrom('products')
        .select((eb) => ['category', eb.fn.countAll<number>().as('n')])
        .where('archived', '=', 0)
        .where('category', 'is not', null)
        .groupBy('category')
        .execute();
      return new Map(rows.map((r) => [r.category as string, Number(r.n)]));
    },

    /** Products filed in `category`, archived ones too (a category in use is not deleted). */
    async countInCategory(category: string): Promise<number> {
      const row = await db
        .selectFrom('products')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('category', '=', category)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}

export type ProductsRepository = ReturnType<typeof createProductsRepository>;
