import { sql, type Kysely, type Transaction } from 'kysely';
import { relaxedTransactionsOf, type Engine } from './database.js';
import type { DB } from './tables.js';

type Unit<T> = (trx: Transaction<DB>) => Promise<T>;

export interface CommitOptions {
  /**
   * The unit's commit need not wait for the disk (issue 29, ADR 0029): data a buyer can re-enter
   * that moves no money or stock (a cart's lines). It is atomic and survives a crash of the
   * process; only a power loss or an operating-system crash in the next moment can lose it, never
   * half of it, and any later durable commit makes it durable too (both engines write their WAL in
   * order). On SQLite a batch commits relaxed only when every unit in it is relaxed.
   */
  relaxed?: boolean;
}

interface Queued {
  unit: Unit<unknown>;
  relaxed: boolean;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

export interface GroupCommit {
  /** Runs `unit` atomically; resolves only once it is committed (durably unless `relaxed`), rejects if it rolled back. */
  run<T>(unit: Unit<T>, options?: CommitOptions): Promise<T>;
}

/**
 * Write units that each must be atomic (and, unless relaxed, durable) before they are answered (an
 * order: its stock, its row, its mail; a cart's line), committed together when they arrive
 * together (ADR 0007).
 *
 * - PostgreSQL: one transaction per unit, on the pool's connections side by side. Units that lock
 *   the same row (one product's orders) still wait for each other's commit; batching them too is
 *   the next step, see ADR 0007. A relaxed unit sets `synchronous_commit = off` for itself, in its
 *   `begin`'s round trip (database.ts).
 * - SQLite: one connection, one writer, and the commit is most of an order's cost (it waits for
 *   the disk: `synchronous = FULL`, ADR 0008). Units queued in the same turn of the event loop run in one
 *   transaction, each inside its own savepoint, one after another: a unit that throws rolls back
 *   alone and the others still commit, and each sees what the ones before it wrote. Nobody is
 *   answered before the commit: a failed commit rejects every unit of the batch, and a crash loses
 *   only units that were never answered. At low load a batch is one unit, run as the transaction
 *   itself (no savepoint); nothing waits on a timer. A batch of relaxed units only commits with `synchronous = NORMAL` (the connection is
 *   held for the whole batch and set back to FULL after it, whatever happens).
 */
export function createGroupCommit(db: Kysely<DB>, engine: Engine, { maxBatch = 64 } = {}): GroupCommit {
  if (engine === 'postgres') {
    // A relaxed unit's `begin` carries its `set local synchronous_commit = off` (one round trip, database.ts).
    const relaxedDb = relaxedTransactionsOf(db);
    return {
      run: (unit, { relaxed = false } = {}) => {
        if (!relaxed) return db.transaction().execute(unit);
        if (relaxedDb) return relaxedDb.transaction().execute(unit);
        return db.transaction().execute(async (trx) => {
          await sql`set local synchronous_commit = off`.execute(trx);
          return unit(trx);
        });
      },
    };
  }

  let queue: Queued[] = [];
  let scheduled = false;

  async function runBatch(q: Kysely<DB>, batch: Queued[], outcomes: { ok: boolean; value: unknown }[]): Promise<void> {
    if (batch.length === 1) {
      // A lone unit (one buyer, low load) is the transaction itself: its rollback is the
      // savepoint's, so the savepoint's two statements are saved (ADR 0029). Its own error is its
      // outcome; a failed commit still rejects it through `flush`.
      const [item] = batch as [Queued];
      let failed: { error: unknown } | undefined;
      await q
        .transaction()
        .execute(async (trx) => {
          try {
            return await item.unit(trx);
          } catch (error) {
            failed = { error };
            throw error;
          }
        })
        .then(
          (value) => outcomes.push({ ok: true, value }),
          (error: unknown) => {
            if (!failed) throw error;
            outcomes.push({ ok: false, value: failed.error });
          },
        );
      return;
    }
    await q.transaction().execute(async (trx) => {
      for (const item of batch) {
        await sql`savepoint unit`.execute(trx);
        try {
          const value = await item.unit(trx);
          await sql`release unit`.execute(trx);
          outcomes.push({ ok: true, value });
        } catch (error) {
          await sql`rollback to unit`.execute(trx);
          await sql`release unit`.execute(trx);
          outcomes.push({ ok: false, value: error });
        }
      }
    });
  }

  async function flush(): Promise<void> {
    const batch = queue.length > maxBatch ? queue.splice(0, maxBatch) : queue;
    if (batch === queue) queue = [];
    scheduled = false;
    if (queue.length) schedule();
    const outcomes: { ok: boolean; value: unknown }[] = [];
    try {
      if (batch.every((item) => item.relaxed)) {
        await db.connection().execute(async (conn) => {
          await sql`pragma synchronous = normal`.execute(conn);
          try {
            await runBatch(conn, batch, outcomes);
          } finally {
            await sql`pragma synchronous = full`.execute(conn);
          }
        });
      } else {
        await runBatch(db, batch, outcomes);
      }
    } catch (error) {
      for (const item of batch) item.reject(error);
      return;
    }
    batch.forEach((item, i) => (outcomes[i]!.ok ? item.resolve(outcomes[i]!.value) : item.reject(outcomes[i]!.value)));
  }

  function schedule() {
    scheduled = true;
    // After the poll phase: every request whose bytes arrived in this turn has queued its unit.
    setImmediate(() => void flush());
  }

  return {
    run<T>(unit: Unit<T>, { relaxed = false }: CommitOptions = {}): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        queue.push({ unit, relaxed, resolve: resolve as (value: unknown) => void, reject });
        if (!scheduled) schedule();
      });
    },
  };
}
