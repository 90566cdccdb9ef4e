import { sql, type Kysely, type Transaction } from 'kysely';
import type { Engine } from './database.js';
import type { DB } from './tables.js';

/**
 * Runs `work` in a transaction whose commit does not wait for the disk (issue 29, ADR 0029): on
 * SQLite with `synchronous = NORMAL` for that commit (the connection goes back to FULL after it),
 * on PostgreSQL with `SET LOCAL synchronous_commit = off`. The transaction is atomic, isolated and
 * survives a crash of the process; only a power loss or an operating-system crash in the next
 * moment can lose it, and never half of it. Every later durable commit (an order, a payment) makes
 * it durable too: SQLite's WAL and PostgreSQL's WAL are written in order, so an order can never be
 * durable while the cart it was made from is not.
 *
 * For data a buyer can re-enter and that moves no money or stock: the cart's lines. Orders,
 * payments and stock always commit durably (the group commit, db/group-commit.ts, ADR 0008).
 */
export type RelaxedTransaction = <T>(work: (trx: Transaction<DB>) => Promise<T>) => Promise<T>;

export function createRelaxedTransaction(db: Kysely<DB>, engine: Engine): RelaxedTransaction {
  if (engine === 'postgres') {
    return (work) =>
      db.transaction().execute(async (trx) => {
        await sql`set local synchronous_commit = off`.execute(trx);
        return work(trx);
      });
  }
  // SQLite: the one connection is held for the whole transaction (Kysely's driver lends it to one
  // user at a time), so no other unit's commit runs while the setting is relaxed.
  return (work) =>
    db.connection().execute(async (conn) => {
      await sql`pragma synchronous = normal`.execute(conn);
      try {
        return await conn.transaction().execute(work);
      } finally {
        await sql`pragma synchronous = full`.execute(conn);
      }
    });
}
