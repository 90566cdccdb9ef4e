import { CompiledQuery, PostgresAdapter, type DatabaseConnection, type Kysely, type QueryResult } from 'kysely';
import type { DB } from './tables.js';

interface Deferred {
  table: string;
  query: CompiledQuery;
}

const pending = new WeakMap<DatabaseConnection, Deferred[]>();
/** Per watched connection: sends its deferred writes now. */
const flushes = new WeakMap<DatabaseConnection, () => Promise<void>>();

/** Several writes as one statement: each a data-modifying CTE, its parameters renumbered after the ones before it. */
function merged(writes: readonly Deferred[]): CompiledQuery {
  if (writes.length === 1) return writes[0]!.query;
  const parameters: unknown[] = [];
  const parts = writes.map(({ query }, i) => {
    const offset = parameters.length;
    parameters.push(...query.parameters);
    return `w${i} as (${query.sql.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + offset}`)})`;
  });
  return CompiledQuery.raw(`with ${parts.join(', ')} select 1`, parameters);
}

/**
 * From now on, every statement on `connection` first sends the writes deferred on it (all in one
 * statement); a rollback (of the transaction or to a savepoint) drops them instead: they were
 * made after the last statement that ran, so inside whatever is rolled back.
 */
function watch(connection: DatabaseConnection): () => Promise<void> {
  const known = flushes.get(connection);
  if (known) return known;
  const execute = connection.executeQuery.bind(connection);
  const stream = connection.streamQuery.bind(connection);
  const flush = async () => {
    const writes = pending.get(connection);
    if (!writes?.length) return;
    pending.delete(connection);
    await execute(merged(writes));
  };
  const before = async (next: CompiledQuery) => {
    if (/^\s*rollback\b/i.test(next.sql)) pending.delete(connection);
    else await flush();
  };
  connection.executeQuery = async <R>(query: CompiledQuery): Promise<QueryResult<R>> => {
    await before(query);
    return execute<R>(query);
  };
  connection.streamQuery = async function* <R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    await before(query);
    yield* stream<R>(query, chunkSize);
  };
  flushes.set(connection, flush);
  return flush;
}

/**
 * A write whose answer nobody reads (an insert or upsert into `table`, without `returning`), in
 * the transaction `q` (issue 29, ADR 0029). On PostgreSQL it is sent just before the
 * transaction's next statement, or its commit: consecutive deferred writes go as one statement
 * (one round trip instead of one each), and the transaction sees them before anything else it
 * runs, as if each had been sent at once; a failure surfaces at that next statement (or the
 * commit) and rolls the transaction back as before. Two writes to one table are never in one statement (a CTE does not see its
 * sibling's rows). Outside a transaction, and on SQLite (no round trips), it runs at once.
 * `query` must be one statement without a data-modifying `with` of its own.
 */
export async function deferWrite(q: Kysely<DB>, table: string, query: CompiledQuery): Promise<void> {
  if (!q.isTransaction || !(q.getExecutor().adapter instanceof PostgresAdapter)) {
    await q.executeQuery(query);
    return;
  }
  await q.getExecutor().provideConnection(async (connection) => {
    const flush = watch(connection);
    // The earlier write to this table goes first, in a statement of its own.
    if (pending.get(connection)?.some((w) => w.table === table)) await flush();
    const writes = pending.get(connection) ?? [];
    writes.push({ table, query });
    pending.set(connection, writes);
  });
}
