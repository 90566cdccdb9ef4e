import { sql, type Kysely, type Transaction } from 'kysely';
import type { Engine } from './database.js';
import type { DB } from './tables.js';

type Unit<T> = (trx: Transaction<DB>) => Promise<T>;

interface Queued {
  unit: Unit<unknown>;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

export interface GroupCommit {
  /** Runs `unit` atomically; resolves only once it is durably committed, rejects if it rolled back. */
  run<T>(unit: Unit<T>): Promise<T>;
}

/**
 * Write units that each must be atomic and durable before they are answered (an order: its stock,
 * its row, its mail), committed together when they arrive together (ADR 0007).
 *
 * - PostgreSQL: one transaction per unit, on the pool's connections side by side. Units that lock
 *   the same row (one product's orders) still wait for each other's commit; batching them too is
 *   the next step, see ADR 0007.
 * - SQLite: one connection, one writer, and the commit is most of an order's cost (it waits for
 *   the disk: `synchronous = FULL`, ADR 0008). Units queued in the same turn of the event loop run in one
 *   transaction, each inside its own savepoint: a unit that throws rolls back alone and the others
 *   still commit. Nobody is answered before the commit: a failed commit rejects every unit of the
 *   batch, and a crash loses only units that were never answered. At low load a batch is one
 *   unit; nothing waits on a timer.
 */
export function createGroupCommit(db: Kysely<DB>, engine: Engine, { maxBatch = 64 } = {}): GroupCommit {
  if (engine === 'postgres') return { run: (unit) => db.transaction().execute(unit) };

  let queue: Queued[] = [];
  let scheduled = false;

  async function flush(): Promise<void> {
    const batch = queue.length > maxBatch ? queue.splice(0, maxBatch) : queue;
    if (batch === queue) queue = [];
    scheduled = false;
    if (queue.length) schedule();
    const outcomes: { ok: boolean; value: unknown }[] = [];
    try {
      await db.transaction().execute(async (trx) => {
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
    run<T>(unit: Unit<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        queue.push({ unit, resolve: resolve as (value: unknown) => void, reject });
        if (!scheduled) schedule();
      });
    },
  };
}
