import { PostgresAdapter, sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { ProductSort } from '@bulkparts/shared';
import type { ProductsTable } from '../../db/schema.js';
import { lowerColumnContains } from '../../db/query-helpers.js';
import type { DB } from '../../db/tables.js';

export type ProductRow = Selectable<ProductsTable>;

export interface ProductListFilter {
  q?: string | undefined;
  sort: ProductSort;
  offset: number;
  limit: number;
  includeArchived?: boolean;
}

/**
 * A search's total is counted only this many pages past the page asked for (at least
 * SEARCH_COUNT_MIN matches); see `count`.
 */
export const SEARCH_COUNT_WINDOW_PAGES = 10;
export const SEARCH_COUNT_MIN = 100;

/** How many matches a search's count looks for: enough to draw the next 10 page buttons. */
export function searchCountCap(filter: { offset?: number; limit?: number }): number {
  return Math.max(SEARCH_COUNT_MIN, (filter.offset ?? 0) + (filter.limit ?? 0) * SEARCH_COUNT_WINDOW_PAGES + 1);
}

export function createProductsRepository(db: Kysely<DB>) {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;

  /**
   * Takes `quantity` pieces inside the caller's transaction with one conditional UPDATE: the
   * `available_quantity >= q` guard makes the database the arbiter, so concurrent orders (one
   * process or many sharing PostgreSQL) never take more than there is. Answers whether it took them.
   */
  async function takeOne(trx: Transaction<DB>, id: string, quantity: number): Promise<boolean> {
    const result = await trx
      .updateTable('products')
      .set({ available_quantity: sql`available_quantity - ${quantity}` })
      .where('id', '=', id)
      .where('available_quantity', '>=', quantity)
      .where('archived', '=', 0)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }
  function filtered(filter: Pick<ProductListFilter, 'q' | 'includeArchived'>) {
    let query = db.selectFrom('products');
    if (!filter.includeArchived) query = query.where('archived', '=', 0);
    if (filter.q) query = query.where(lowerColumnContains('name_lower', filter.q));
    return query;
  }

  return {
    async list(filter: ProductListFilter): Promise<ProductRow[]> {
      let query = filtered(filter).selectAll();
      switch (filter.sort) {
        case 'price-asc':
          query = query.orderBy('price_cents', 'asc');
          break;
        case 'price-desc':
          query = query.orderBy('price_cents', 'desc');
          break;
        case 'name':
          query = query.orderBy('name_lower', 'asc');
          break;
        case 'newest':
          query = query.orderBy('created_at', 'desc');
          break;
        default:
          query = query.orderBy('position', 'asc');
      }
      // The id breaks ties so the order is stable across pages.
      return query.orderBy('id', 'asc').limit(filter.limit).offset(filter.offset).execute();
    },

    /**
     * The number of matches. A text search (`q`, a substring match no b-tree index can serve)
     * counts only up to `searchCountCap`: 10 pages past the one asked for. The scan then stops
     * after that many matches, so its cost follows the page asked for, not the catalogue size; the
     * total is a lower bound and the pages beyond it appear as the shopper moves on (ADR 0005).
     * A trigram index (FTS5 / pg_trgm) was measured slower for common words. Without `q` the
     * count is exact (an index-only count).
     */
    async count(filter: Pick<ProductListFilter, 'q' | 'includeArchived'> & Partial<Pick<ProductListFilter, 'offset' | 'limit'>>): Promise<number> {
      if (filter.q) {
        const capped = filtered(filter)
          .select(sql<number>`1`.as('one'))
          .limit(searchCountCap(filter));
        const row = await db
          .selectFrom(capped.as('m'))
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow();
        return Number(row.n);
      }
      const row = await filtered(filter)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

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

    /** With `expectedStock`, changes nothing (answers false) unless the stock is still that figure. */
    async update(id: string, values: Partial<Omit<ProductRow, 'id'>>, expectedStock?: number): Promise<boolean> {
      let query = db.updateTable('products').set(values).where('id', '=', id);
      if (expectedStock !== undefined) query = query.where('available_quantity', '=', expectedStock);
      const result = await query.executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Adds `delta` pieces in one conditional statement, so stock never goes below zero. */
    async adjustStock(id: string, delta: number, now: string): Promise<boolean> {
      const result = await db
        .updateTable('products')
        .set({ available_quantity: sql`available_quantity + ${delta}`, updated_at: now })
        .where('id', '=', id)
        .where(sql<boolean>`available_quantity + ${delta} >= 0`)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Products by id, archived ones included (a cart shows why such a line cannot be ordered). */
    findMany(ids: readonly string[]): Promise<ProductRow[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return db.selectFrom('products').selectAll().where('id', 'in', ids).execute();
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
     * round trips while the locks are held instead of one per line. SQLite has one writer: one
     * conditional update per product.
     */
    async takeStockMany(trx: Transaction<DB>, pieces: readonly { productId: string; quantity: number }[]): Promise<Set<string>> {
      const taken = new Set<string>();
      if (!postgres || pieces.length === 1) {
        for (const p of pieces) if (await takeOne(trx, p.productId, p.quantity)) taken.add(p.productId);
        return taken;
      }
      const ids = pieces.map((p) => p.productId);
      await trx.selectFrom('products').select('id').where('id', 'in', ids).orderBy('id').forUpdate().execute();
      const values = sql.join(pieces.map((p) => sql`(${p.productId}::varchar, ${p.quantity}::integer)`));
      const updated = await sql<{ id: string }>`
        update products set available_quantity = products.available_quantity - v.q
        from (values ${values}) as v(id, q)
        where products.id = v.id and products.available_quantity >= v.q and products.archived = 0
        returning products.id`.execute(trx);
      for (const row of updated.rows) taken.add(row.id);
      return taken;
    },

    /** Puts `quantity` pieces back inside the caller's transaction (a cancelled or expired order). */
    async returnStock(trx: Transaction<DB>, id: string, quantity: number): Promise<void> {
      await trx
        .updateTable('products')
        .set({ available_quantity: sql`available_quantity + ${quantity}` })
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

    /** Whether a product shows the image at `url` (the upload sweep asks). */
    async imageInUse(url: string): Promise<boolean> {
      return (await db.selectFrom('products').select('id').where('img', '=', url).limit(1).executeTakeFirst()) !== undefined;
    },

    async delete(id: string): Promise<void> {
      await db.deleteFrom('products').where('id', '=', id).execute();
    },
  };
}

export type ProductsRepository = ReturnType<typeof createProductsRepository>;
