import { sql, type RawBuilder } from 'kysely';

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
