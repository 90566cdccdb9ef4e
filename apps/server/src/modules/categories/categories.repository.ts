import { sql, type Kysely, type Selectable } from 'kysely';
import type { Engine } from '../../db/database.js';
import type { CategoriesTable } from '../../db/schema.js';
import type { DB } from '../../db/tables.js';

export type CategoryRow = Selectable<CategoriesTable>;

/** The key of the PostgreSQL advisory lock that serialises tree writes (any number no other module uses). */
const TREE_LOCK = 7_301_125;

/** The queries, on the database or on a transaction (`locked`). */
function categoryQueries(db: Kysely<DB>) {
  return {
    /** The whole tree, siblings in display order. A shop has tens of categories, not thousands. */
    all(): Promise<CategoryRow[]> {
      return db.selectFrom('categories').selectAll().orderBy('position', 'asc').orderBy('name', 'asc').orderBy('slug', 'asc').execute();
    },

    find(slug: string): Promise<CategoryRow | undefined> {
      return db.selectFrom('categories').selectAll().where('slug', '=', slug).executeTakeFirst();
    },

    /** Which of `slugs` exist. */
    async existing(slugs: readonly string[]): Promise<Set<string>> {
      if (slugs.length === 0) return new Set();
      const rows = await db
        .selectFrom('categories')
        .select('slug')
        .where('slug', 'in', [...slugs])
        .execute();
      return new Set(rows.map((r) => r.slug));
    },

    async childCount(slug: string): Promise<number> {
      const row = await db
        .selectFrom('categories')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('parent', '=', slug)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** After every category: a new one comes last among its siblings. */
    async nextPosition(): Promise<number> {
      const row = await db
        .selectFrom('categories')
        .select((eb) => eb.fn.max('position').as('max'))
        .executeTakeFirst();
      return Number(row?.max ?? 0) + 1;
    },

    async insert(row: CategoryRow): Promise<void> {
      await db.insertInto('categories').values(row).execute();
    },

    async update(slug: string, values: Partial<Pick<CategoryRow, 'name' | 'parent' | 'updated_at'>>): Promise<void> {
      await db.updateTable('categories').set(values).where('slug', '=', slug).execute();
    },

    async delete(slug: string): Promise<void> {
      await db.deleteFrom('categories').where('slug', '=', slug).execute();
    },
  };
}

export type CategoryQueries = ReturnType<typeof categoryQueries>;

export function createCategoriesRepository(db: Kysely<DB>, engine: Engine) {
  return {
    ...categoryQueries(db),

    /**
     * Runs a tree write (check, then write) in one transaction that no other tree write runs
     * beside: two moves checked at the same time could otherwise each pass the "not under itself"
     * check and together make a cycle. SQLite has one writer; PostgreSQL instances share an
     * advisory lock.
     */
    locked<T>(write: (q: CategoryQueries) => Promise<T>): Promise<T> {
      return db.transaction().execute(async (trx) => {
        if (engine === 'postgres') await sql`select pg_advisory_xact_lock(${TREE_LOCK})`.execute(trx);
        return write(categoryQueries(trx));
      });
    },
  };
}

export type CategoriesRepository = ReturnType<typeof createCategoriesRepository>;
