import { PostgresAdapter, type Kysely } from 'kysely';

/** Migrations are shared by both engines; the few type names that differ are chosen here. */
export function dialectTypes(db: Kysely<unknown>) {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  return { pg, bool: pg ? 'boolean' : 'integer', timestamp: pg ? 'timestamptz' : 'date' } as const;
}
