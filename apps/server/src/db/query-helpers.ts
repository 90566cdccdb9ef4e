import { sql, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import type { Engine } from './database.js';
import type { DB } from './tables.js';

/** Escapes LIKE wildcards so a search for '100%' finds that text, not everything: `%q%`, lower-cased. */
export function likePattern(q: string): string {
  return `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * `(lower(a) like p escape '\' or lower(b) like p escape '\')`: a case-insensitive substring
 * search over text columns (a full scan; used only on admin lists and the orders search).
 */
export function anyColumnContains(columns: readonly string[], q: string): RawBuilder<boolean> {
  const pattern = likePattern(q);
  const terms = columns.map((c) => sql`lower(${sql.ref(c)}) like ${pattern} escape '\\'`);
  return sql<boolean>`(${sql.join(terms, sql` or `)})`;
}

/** `column like p escape '\'` for a column already stored lower-cased (`products.name_lower`). */
export function lowerColumnContains(column: string, q: string): RawBuilder<boolean> {
  return sql<boolean>`${sql.ref(column)} like ${likePattern(q)} escape '\\'`;
}

/** The row offset of a 1-based page. */
export function pageOffset(page: number, limit: number): number {
  return (page - 1) * limit;
}

/** Whether a database error is a unique-constraint violation (SQLite or PostgreSQL). */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: unknown; message?: unknown } | null;
  return e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/**
 * `id` among the rows `due` selects, for an UPDATE that claims them (a worker's lease, a sweep).
 * On PostgreSQL they are locked `for update skip locked`, so another instance takes other rows
 * instead of waiting for these and then claiming none; and the subquery runs once, as
 * `id = any(array(…))`: as `id in (…)` the planner may rescan it per row it updates, each rescan
 * locking and answering further rows (a claim of 10 took all 60 due, test/webhooks/webhook-pacing.test.ts).
 */
export function idAmong<TB extends keyof DB>(engine: Engine, due: SelectQueryBuilder<DB, TB, { id: string }>): RawBuilder<boolean> {
  return engine === 'postgres' ? sql<boolean>`id = any(array(${due.forUpdate().skipLocked()}))` : sql<boolean>`id in (${due})`;
}
