import type { Kysely, Transaction } from 'kysely';
import { deferWrite } from '../../db/deferred-writes.js';
import { precompiled } from '../../db/precompiled.js';
import type { DB } from '../../db/tables.js';
import { newId } from '../../lib/ids.js';

/** A change to record: `actor` is the acting account's id or 'system' (db/schema.ts EventsTable). */
export interface NewEvent {
  type: string;
  subjectId: string;
  actor: string | null;
  at: string;
  /** Issue 31: what the step is about beyond its subject (a shipment's number). */
  detail?: string | null | undefined;
}

// One step is what almost every change records (an order placed, paid): compiled once (ADR 0029).
const insertOne = precompiled((q, id: string, type: string, subjectId: string, actor: string | null, at: string, detail: string | null) =>
  q.insertInto('events').values({ id, type, subject_id: subjectId, actor, at, detail }),
);

/** The events log (issue 29): appended to inside the change's own transaction, never updated. */
export function createEventsRepository(db: Kysely<DB>) {
  return {
    async recordIn(trx: Transaction<DB>, events: readonly NewEvent[]): Promise<void> {
      if (events.length === 0) return;
      if (events.length === 1) {
        const [e] = events as [NewEvent];
        // Nothing in the unit reads it back: it goes with the unit's next statement (ADR 0029).
        await deferWrite(trx, 'events', insertOne.compile(trx, newId(), e.type, e.subjectId, e.actor, e.at, e.detail ?? null));
        return;
      }
      const many = trx
        .insertInto('events')
        .values(events.map((e) => ({ id: newId(), type: e.type, subject_id: e.subjectId, actor: e.actor, at: e.at, detail: e.detail ?? null })));
      await deferWrite(trx, 'events', many.compile());
    },

    /** One subject's events, oldest first (ties in the order they were written: ids are time-ordered). */
    async of(subjectId: string): Promise<NewEvent[]> {
      const rows = await db
        .selectFrom('events')
        .select(['type', 'actor', 'at', 'detail'])
        .where('subject_id', '=', subjectId)
        .orderBy('at')
        .orderBy('id')
        .execute();
      return rows.map((r) => ({ type: r.type, subjectId, actor: r.actor, at: r.at, detail: r.detail }));
    },
  };
}

export type EventsRepository = ReturnType<typeof createEventsRepository>;
