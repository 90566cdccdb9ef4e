import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Engine } from '../../db/database.js';
import type { DB } from '../../db/tables.js';
import { createFacetReads } from './catalogue-facets.repository.js';
import { CatalogueBudgetError } from './catalogue-search.types.js';
import { createListReads } from './catalogue-list.repository.js';

/**
 * The catalogue's search, filters and facets (`GET /api/service`, `GET /api/service/facets`).
 * The two engines differ only in `textSource` (catalogue-text-search.repository.ts: FTS5 + bm25
 * on SQLite, the `search_vector` tsvector + ts_rank on PostgreSQL); every other statement is the
 * same SQL on both. User text reaches SQL only as bound parameters: the full-text query is built
 * from alphanumeric words (`searchWords`), so no FTS5 or tsquery operator can come from the user.
 * This file is the module's one entry and runs each read within a request's time budget; the
 * statements are built in catalogue-list.repository.ts (list, count), catalogue-facets.repository.ts
 * (facets) and catalogue-filter.repository.ts (the filter's conditions, the caller's price).
 */

export {
  CatalogueBudgetError,
  MATCH_SCAN_MAX,
  PREFIX_MIN_LENGTH,
  type AttributeCount,
  type BoundedCount,
  type CallerPrices,
  type CatalogueFilter,
  type FacetCounts,
  type FacetWants,
  type ValueCount,
} from './catalogue-search.types.js';
export { searchWords } from './catalogue-text-search.repository.js';

export function createCatalogueSearchRepository(db: Kysely<DB>, engine: Engine) {
  const pg = engine === 'postgres';

  /**
   * The reads, each statement limited to the request's time budget when `deadline` is given. On
   * PostgreSQL that is `statement_timeout` set for the statement's own transaction (`set local`);
   * a SQLite statement cannot be interrupted from its own thread, so on SQLite the reads run in
   * the reader pool's workers (catalogue-reader-pool.ts), which answer the caller at the deadline.
   */
  function reads(deadline?: number) {
    async function run<R>(query: RawBuilder<R>): Promise<R[]> {
      if (!pg || deadline === undefined) return (await query.execute(db)).rows;
      const ms = Math.max(1, Math.floor(deadline - Date.now()));
      try {
        return await db.transaction().execute(async (trx) => {
          await sql`select set_config('statement_timeout', ${String(ms)}, true)`.execute(trx);
          return (await query.execute(trx)).rows;
        });
      } catch (err) {
        // 57014: query_canceled (the statement timeout).
        if ((err as { code?: unknown }).code === '57014') throw new CatalogueBudgetError();
        throw err;
      }
    }

    const list = createListReads({ pg, run });
    return { ...list, ...createFacetReads({ pg, run }, list.count) };
  }

  return { reads };
}

/** The catalogue's reads, as the service calls them (on the main connection, or in the reader pool's workers). */
export type CatalogueReads = ReturnType<ReturnType<typeof createCatalogueSearchRepository>['reads']>;

/** Where the catalogue is read: `reads(deadline)` gives reads limited to a request's time budget (ms since the epoch). */
export interface CatalogueReader {
  reads(deadline?: number): CatalogueReads;
}
