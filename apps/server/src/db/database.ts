import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type Dialect } from 'kysely';
import pg from 'pg';
import type { AppConfig } from '../config/env.js';
import type { DB } from './tables.js';

export type Engine = 'sqlite' | 'postgres';

export interface Database {
  db: Kysely<DB>;
  engine: Engine;
  close(): Promise<void>;
}

// BIGINT (money totals, counts) comes back from pg as a string by default; our values stay far
// below 2^53, so numbers are exact and match what SQLite returns.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));

export function createDatabase(config: Pick<AppConfig, 'database'>, options: { poolSize?: number } = {}): Database {
  let dialect: Dialect;
  if (config.database.engine === 'postgres') {
    const pool = new pg.Pool({ connectionString: config.database.url, max: options.poolSize ?? 10 });
    // An idle client losing its connection must not crash the process; the pool replaces it.
    pool.on('error', () => {});
    dialect = new PostgresDialect({ pool });
  } else {
    const sqlite = new SQLite(config.database.file);
    // WAL lets readers run beside the single writer; NORMAL synchronous keeps every committed
    // transaction across a process crash (see docs/decisions/0003-sqlite-synchronous-normal.md).
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    dialect = new SqliteDialect({ database: sqlite });
  }
  const db = new Kysely<DB>({ dialect });
  return { db, engine: config.database.engine, close: () => db.destroy() };
}
