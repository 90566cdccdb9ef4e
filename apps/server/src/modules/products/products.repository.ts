import { sql, type Kysely, type Selectable } from 'kysely';
import type { ProductSort } from '@bulkparts/shared';
import type { ProductsTable } from '../../db/schema.js';
import type { DB } from '../../db/tables.js';

export type ProductRow = Selectable<ProductsTable>;

export interface ProductListFilter {
  q?: string | undefined;
  sort: ProductSort;
  offset: number;
  limit: number;
  includeArchived?: boolean;
}

/** Escapes LIKE wildcards so a search for '100%' finds that text, not everything. */
function likePattern(q: string): string {
  return `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function createProductsRepository(db: Kysely<DB>) {
  function filtered(filter: Pick<ProductListFilter, 'q' | 'includeArchived'>) {
    let query = db.selectFrom('products');
    if (!filter.includeArchived) query = query.where('archived', '=', 0);
    if (filter.q) query = query.where(sql<boolean>`name_lower like ${likePattern(filter.q)} escape '\\'`);
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

    async count(filter: Pick<ProductListFilter, 'q' | 'includeArchived'>): Promise<number> {
      const row = await filtered(filter).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      return Number(row.n);
    },

    findById(id: string): Promise<ProductRow | undefined> {
      return db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async nextPosition(): Promise<number> {
      const row = await db.selectFrom('products').select((eb) => eb.fn.max('position').as('max')).executeTakeFirst();
      return Number(row?.max ?? 0) + 1;
    },

    async insert(row: ProductRow): Promise<void> {
      await db.insertInto('products').values(row).execute();
    },
  };
}

export type ProductsRepository = ReturnType<typeof createProductsRepository>;
