import SQLite from 'better-sqlite3';
import { CompiledQuery, Kysely, PostgresDialect, SqliteDialect, type DatabaseConnection, type Dialect, type Driver, type SqliteDatabase } from 'kysely';
import pg from 'pg';
import type { AppConfig } from '../config/env.js';
import type { DB } from './tables.js';
import { makePrivateSqliteFileSync } from '../lib/private-files.js';
import { CUSTOM_PLAN, nameStatements } from './postgres-statements.js';

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
    // Statements are prepared by their text (postgres-statements.ts) and PostgreSQL may keep a
    // generic plan for them (its default `plan_cache_mode`); the catalogue's searches go through
    // `customPlansOf(db)`, planned for their own parameters every time (ADR 0029).
    const pool = new pg.Pool({ connectionString: config.database.url, max: options.poolSize ?? 10 });
    // An idle client losing its connection must not crash the process; the pool replaces it.
    pool.on('error', () => {});
    nameStatements(pool);
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    relaxed.set(db, new Kysely<DB>({ dialect: new RelaxedPostgresDialect({ pool }) }));
    customPlans.set(db, new Kysely<DB>({ dialect: new CustomPlanPostgresDialect({ pool }) }));
    // Only `db` ends the pool; the relaxed and custom-plan instances share it and hold nothing of their own.
    return { db, engine: config.database.engine, close: () => db.destroy() };
  } else {
    // Owner-only before SQLite opens it: its -wal and -shm files take the database file's mode.
    if (config.database.file !== ':memory:') makePrivateSqliteFileSync(config.database.file);
    const sqlite = new SQLite(config.database.file);
    // WAL lets readers run beside the single writer. FULL syncs the WAL at every commit, so an
    // answered order survives a power loss too; orders arriving together share one commit
    // (db/group-commit.ts), which keeps that affordable (ADR 0008).
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = FULL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    readerPragmas(sqlite);
    dialect = new SqliteDialect({ database: withStatementCache(sqlite) });
  }
  const db = new Kysely<DB>({ dialect });
  return { db, engine: config.database.engine, close: () => db.destroy() };
}

const relaxed = new WeakMap<Kysely<DB>, Kysely<DB>>();

/**
 * On PostgreSQL, the same database (same pool) as `db`, whose transactions begin with
 * `synchronous_commit = off` in the same round trip as the `begin` (issue 29, ADR 0029: a relaxed
 * unit of db/group-commit.ts); undefined on SQLite.
 */
export function relaxedTransactionsOf(db: Kysely<DB>): Kysely<DB> | undefined {
  return relaxed.get(db);
}

const customPlans = new WeakMap<Kysely<DB>, Kysely<DB>>();

/**
 * On PostgreSQL, the same database (same pool) as `db`, whose statements are never prepared, so
 * each execution is planned for its own parameters: for queries whose best plan depends on them
 * (the catalogue's full-text searches, facets and filtered lists, ADR 0016/0028), where a generic
 * plan kept by a prepared statement could serve one search with a plan made for another. `db`
 * itself on SQLite.
 */
export function customPlansOf(db: Kysely<DB>): Kysely<DB> {
  return customPlans.get(db) ?? db;
}

/** Every statement marked `CUSTOM_PLAN` (postgres-statements.ts leaves it unnamed). */
class CustomPlanPostgresDialect extends PostgresDialect {
  override createDriver(): Driver {
    const driver = super.createDriver();
    const acquire = driver.acquireConnection.bind(driver);
    // This driver's connection objects are its own (one per pool client): marking them leaves `db`'s unmarked.
    const marked = new WeakSet<DatabaseConnection>();
    driver.acquireConnection = async () => {
      const connection = await acquire();
      if (!marked.has(connection)) {
        marked.add(connection);
        const execute = connection.executeQuery.bind(connection);
        connection.executeQuery = (query) => execute({ ...query, sql: `${CUSTOM_PLAN} ${query.sql}` });
        const stream = connection.streamQuery.bind(connection);
        connection.streamQuery = (query, chunkSize) => stream({ ...query, sql: `${CUSTOM_PLAN} ${query.sql}` }, chunkSize);
      }
      return connection;
    };
    return driver;
  }
}

/** `begin` and `set local synchronous_commit = off` as one simple query (postgres-statements.ts leaves it unnamed). */
class RelaxedPostgresDialect extends PostgresDialect {
  override createDriver(): Driver {
    const driver = super.createDriver();
    driver.beginTransaction = async (connection) => {
      try {
        await connection.executeQuery(CompiledQuery.raw('begin; set local synchronous_commit = off'));
      } catch (error) {
        // Kysely rolls back only a transaction whose begin succeeded: the pool must not get this
        // connection back inside a begun (and failed) transaction.
        await connection.executeQuery(CompiledQuery.raw('rollback')).catch(() => {});
        throw error;
      }
    };
    return driver;
  }
}

/**
 * Catalogue reads at 100k products touch tens of MB (ADR 0016): the default 2 MB page cache
 * re-read them from the OS on every search. Memory-mapped reads skip the copy into SQLite's
 * cache; both are ceilings, not allocations (a small shop uses what its file holds).
 */
function readerPragmas(sqlite: SQLite.Database): void {
  sqlite.pragma('cache_size = -65536');
  sqlite.pragma('mmap_size = 268435456');
}

/**
 * A read-only connection to the SQLite file `file` (the catalogue's reader threads, ADR 0023).
 * WAL lets it read beside the main connection's writer; every statement starts a read
 * transaction of its own, so it sees everything committed before it started.
 */
export function openSqliteReader(file: string): Kysely<DB> {
  const sqlite = new SQLite(file, { readonly: true, fileMustExist: true });
  sqlite.pragma('busy_timeout = 5000');
  readerPragmas(sqlite);
  return new Kysely<DB>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
}

/**
 * Kysely's SQLite driver prepares every query anew; preparing was the largest single cost of a
 * signed-in read (11% of CPU: better-auth's session lookup alone runs several queries). Statements
 * are kept by SQL text (parameters are bound per run, so a few hundred texts cover the app) and
 * reused. Safe because Kysely runs one query at a time on the one connection and we never stream
 * (`iterate`) a statement. SQLite re-prepares a kept statement by itself after a schema change.
 */
function withStatementCache(sqlite: SQLite.Database, max = 500): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      let stmt = cache.get(sql);
      if (!stmt) {
        stmt = sqlite.prepare(sql);
        // Oldest first: texts that vary (long IN lists) cannot grow the map without bound.
        if (cache.size >= max) cache.delete(cache.keys().next().value as string);
        cache.set(sql, stmt);
      }
      return stmt;
    },
  };
}
