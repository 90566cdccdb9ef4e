import { sql, type Kysely, type Transaction } from 'kysely';
import type { Engine } from '../../db/database.js';
import type { GroupCommit } from '../../db/group-commit.js';
import { deferWrite } from '../../db/deferred-writes.js';
import { precompiled } from '../../db/precompiled.js';
import { idAmong } from '../../db/query-helpers.js';
import type { DB } from '../../db/tables.js';
import { newId, nowIso } from '../../lib/ids.js';
import type { MailMessage } from './mail.transport.js';

// The re-checks of `claimDue` and `markSent` compare these expressions, not the bare columns, so
// the database finds the rows by id (the IN list) instead of walking `mail_outbox_pending` over
// every unsent message to test each against the list: SQLite chose that walk, which made each
// round cost O(backlog) (12-17 ms per statement at 20,000 queued mails, 0.5 ms after).
const stillUnsent = sql<boolean>`coalesce(sent_at, '') = ''`;
const stillDue = (now: string) => sql<boolean>`coalesce(next_attempt_at, '') <= ${now}`;

// Every order's checkout and payment writes one: compiled once (ADR 0029).
const enqueueStatement = precompiled((q, id: string, to: string, subject: string, text: string, html: string, now: string) =>
  q.insertInto('mail_outbox').values({
    id,
    to_address: to,
    subject,
    text_body: text,
    html_body: html,
    attempts: 0,
    next_attempt_at: now,
    sent_at: null,
    last_error: null,
    created_at: now,
  }),
);

/**
 * `mail_outbox`. On SQLite the worker's writes (a round's claim, its outcomes) are relaxed units of
 * the group commit (ADR 0029): they commit without a disk sync, which would stop the one event
 * loop, sharing the commit of the units written with them. Delivery is at least once already (ADR
 * 0006): a claim or a "sent" that a power loss takes back only sends that message again, as a
 * crash between sending and recording does; every message itself is written durably, in the unit
 * that caused it. On PostgreSQL each stays one statement (its flush waits off the event loop, and a
 * relaxed transaction would cost three round trips more). `commits` is the app's one group commit
 * (composition/platform.ts), as for the webhooks repository.
 */
export function createMailRepository(db: Kysely<DB>, engine: Engine, commits: GroupCommit) {
  const relaxed = <T>(work: (q: Kysely<DB>) => Promise<T>): Promise<T> => (engine === 'sqlite' ? commits.run(work, { relaxed: true }) : work(db));
  return {
    /** Records a message; with `trx`, inside the caller's transaction (it commits with it). */
    async enqueue(message: MailMessage, trx?: Transaction<DB>): Promise<string> {
      const id = newId();
      const now = nowIso();
      // In a unit, nothing reads it back before the commit: it goes with the unit's next statement (ADR 0029).
      const q = trx ?? db;
      await deferWrite(q, 'mail_outbox', enqueueStatement.compile(q, id, message.to, message.subject, message.text, message.html, now));
      return id;
    },

    /**
     * Takes up to `limit` due messages for this process by moving their next attempt to
     * `leaseUntil` in one statement; the re-checked condition makes each claim exclusive, so each
     * message goes out once, and one claimed by a process that died is due again when the lease
     * ends. On PostgreSQL the candidates are locked `skip locked` (`idAmong`): without it a worker
     * racing another waited for the same rows, found them taken and claimed none, and a worker
     * that claims none stops until its next wake-up while messages are still due.
     */
    claimDue(limit: number, leaseUntil: string) {
      const now = nowIso();
      return relaxed((trx) => {
        const due = trx
          .selectFrom('mail_outbox')
          .select('id')
          .where('sent_at', 'is', null)
          .where('next_attempt_at', '<=', now)
          .orderBy('next_attempt_at')
          .limit(limit);
        return trx
          .updateTable('mail_outbox')
          .set({ next_attempt_at: leaseUntil })
          .where(idAmong(engine, due))
          .where(stillUnsent)
          .where(stillDue(now))
          .returningAll()
          .execute();
      });
    },

    async markSent(ids: string[]): Promise<void> {
      if (ids.length === 0) return;
      const at = nowIso();
      await relaxed((trx) => trx.updateTable('mail_outbox').set({ sent_at: at, last_error: null }).where('id', 'in', ids).where(stillUnsent).execute());
    },

    /** Moves a message's next attempt later without counting an attempt (the recipient throttle). */
    async postpone(id: string, nextAttemptAt: string): Promise<void> {
      await relaxed((trx) => trx.updateTable('mail_outbox').set({ next_attempt_at: nextAttemptAt }).where('id', '=', id).execute());
    },

    async markFailed(id: string, attempts: number, error: string, nextAttemptAt: string): Promise<void> {
      await relaxed((trx) =>
        trx
          .updateTable('mail_outbox')
          .set({ attempts, last_error: error.slice(0, 500), next_attempt_at: nextAttemptAt })
          .where('id', '=', id)
          .execute(),
      );
    },

    backlog() {
      return db
        .selectFrom('mail_outbox')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('sent_at', 'is', null)
        .executeTakeFirstOrThrow()
        .then((r) => Number(r.n));
    },
  };
}

export type MailRepository = ReturnType<typeof createMailRepository>;
