import type { Kysely, Selectable, Transaction } from 'kysely';
import { idAmong } from '../../db/query-helpers.js';
import type { Engine } from '../../db/database.js';
import type { GroupCommit } from '../../db/group-commit.js';
import type { WebhookDeliveriesTable, WebhookEndpointsTable } from '../../db/schema.js';
import type { DB } from '../../db/tables.js';

export type WebhookEndpointRow = Selectable<WebhookEndpointsTable>;
export type WebhookDeliveryRow = Selectable<WebhookDeliveriesTable>;
/** A claimed delivery with what sending it needs from its endpoint. */
export type ClaimedDelivery = WebhookDeliveryRow & { url: string; secret: string };

/** One attempt's outcome, recorded only while the lease `leaseUntil` still holds. */
export type AttemptOutcome = Pick<
  WebhookDeliveryRow,
  'id' | 'status' | 'attempts' | 'last_status_code' | 'last_duration_ms' | 'last_error' | 'next_attempt_at' | 'delivered_at'
> & { leaseUntil: string };

/**
 * `webhook_endpoints` and `webhook_deliveries` (issue 19, ADR 0022). The worker's writes (the
 * claim, a round's outcomes) go through `commits`, the orders' group commit: on SQLite they share
 * the commit (and its disk sync) of the orders written in the same turn instead of each waiting
 * for one of their own, which is what made a registered endpoint cost orders throughput (ADR 0022).
 * On SQLite they are relaxed units (ADR 0029: no disk sync stopping the one event loop): delivery
 * is at least once already, so a claim or an outcome that a power loss takes back only sends that
 * delivery again; the deliveries themselves are written durably, in the unit that caused them. On
 * PostgreSQL the flush waits off the event loop and they stay as they were.
 */
export function createWebhooksRepository(db: Kysely<DB>, engine: Engine, commits: GroupCommit, { activeKeptMs = 1000 } = {}) {
  const outboxRelaxed = engine === 'sqlite';
  // The active endpoints, read by every recorded event (two per order), kept for a second (ADR
  // 0029, as the seller record and the tax rates are): dropped around this instance's own endpoint
  // writes, so it never records against an old list after them; another instance's change is seen
  // within the second. Read through the caller's transaction (on SQLite the app's connection is the
  // unit's while it runs).
  let kept: { at: number; value: Promise<Pick<WebhookEndpointRow, 'id' | 'events'>[]> } | undefined;
  const endpointsWritten = async <T>(write: () => Promise<T>): Promise<T> => {
    kept = undefined;
    try {
      return await write();
    } finally {
      kept = undefined;
    }
  };
  return {
    async insertEndpoint(row: WebhookEndpointRow): Promise<void> {
      await endpointsWritten(() => db.insertInto('webhook_endpoints').values(row).execute());
    },

    listEndpoints(): Promise<WebhookEndpointRow[]> {
      return db.selectFrom('webhook_endpoints').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
    },

    findEndpoint(id: string): Promise<WebhookEndpointRow | undefined> {
      return db.selectFrom('webhook_endpoints').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async updateEndpoint(id: string, changes: Partial<Pick<WebhookEndpointRow, 'url' | 'events' | 'active'>>): Promise<WebhookEndpointRow | undefined> {
      if (Object.keys(changes).length > 0) await endpointsWritten(() => db.updateTable('webhook_endpoints').set(changes).where('id', '=', id).execute());
      return db.selectFrom('webhook_endpoints').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** The endpoint and its delivery log, in one transaction; answers whether it existed. */
    async deleteEndpoint(id: string): Promise<boolean> {
      return endpointsWritten(() =>
        db.transaction().execute(async (trx) => {
          await trx.deleteFrom('webhook_deliveries').where('endpoint_id', '=', id).execute();
          const result = await trx.deleteFrom('webhook_endpoints').where('id', '=', id).executeTakeFirst();
          return Number(result.numDeletedRows) > 0;
        }),
      );
    },

    /** The active endpoints (the table is small: an integrator or two), read through `trx` when not kept. */
    activeEndpointsIn(trx: Transaction<DB>): Promise<Pick<WebhookEndpointRow, 'id' | 'events'>[]> {
      const now = Date.now();
      if (kept && now - kept.at < activeKeptMs) return kept.value;
      const value = trx.selectFrom('webhook_endpoints').select(['id', 'events']).where('active', '=', 1).execute();
      const entry = { at: now, value };
      kept = entry;
      value.catch(() => {
        if (kept === entry) kept = undefined;
      });
      return value;
    },

    /** Inserts deliveries inside the caller's transaction: they commit (or roll back) with the change that caused them. */
    async insertDeliveriesIn(trx: Transaction<DB>, rows: readonly WebhookDeliveryRow[]): Promise<void> {
      if (rows.length) await trx.insertInto('webhook_deliveries').values(rows).execute();
    },

    listDeliveries(endpointId: string, offset: number, limit: number): Promise<WebhookDeliveryRow[]> {
      return db
        .selectFrom('webhook_deliveries')
        .selectAll()
        .where('endpoint_id', '=', endpointId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
    },

    async countDeliveries(endpointId: string): Promise<number> {
      const row = await db
        .selectFrom('webhook_deliveries')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('endpoint_id', '=', endpointId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    findDelivery(endpointId: string, id: string): Promise<WebhookDeliveryRow | undefined> {
      return db.selectFrom('webhook_deliveries').selectAll().where('id', '=', id).where('endpoint_id', '=', endpointId).executeTakeFirst();
    },

    /** Queues a delivery again now (Resend): pending whatever it was, the same id. */
    async requeue(id: string, now: string): Promise<void> {
      await db.updateTable('webhook_deliveries').set({ status: 'pending', next_attempt_at: now }).where('id', '=', id).execute();
    },

    /**
     * Takes up to `limit` due deliveries for this process by moving their next attempt to
     * `leaseUntil` in one statement (the lease). On PostgreSQL the candidates are locked with
     * `for update skip locked`, so another instance claims other rows instead of waiting; the
     * re-checked condition makes each claim exclusive on both engines. A delivery whose process
     * died while sending is due again when the lease ends.
     */
    async claimDue(now: string, leaseUntil: string, limit: number): Promise<ClaimedDelivery[]> {
      const claim = async (q: Kysely<DB>): Promise<ClaimedDelivery[]> => {
        const due = q
          .selectFrom('webhook_deliveries')
          .select('id')
          .where('status', '=', 'pending')
          .where('next_attempt_at', '<=', now)
          .orderBy('next_attempt_at')
          .limit(limit);
        const claimed = await q
          .updateTable('webhook_deliveries')
          .set({ next_attempt_at: leaseUntil })
          .where(idAmong(engine, due))
          .where('status', '=', 'pending')
          .where('next_attempt_at', '<=', now)
          .returningAll()
          .execute();
        if (claimed.length === 0) return [];
        const endpoints = await q
          .selectFrom('webhook_endpoints')
          .select(['id', 'url', 'secret'])
          .where('id', 'in', [...new Set(claimed.map((d) => d.endpoint_id))])
          .execute();
        const byId = new Map(endpoints.map((e) => [e.id, e]));
        return claimed.flatMap((d) => {
          const endpoint = byId.get(d.endpoint_id);
          return endpoint ? [{ ...d, url: endpoint.url, secret: endpoint.secret }] : [];
        });
      };
      // On PostgreSQL the claim is one statement of its own, as the mail worker's is (ADR 0029): a
      // transaction around it cost two round trips more on every round, and most rounds claim
      // nothing. An endpoint deleted between the claim and its read drops its deliveries, as it
      // would inside the transaction (read committed).
      return outboxRelaxed ? commits.run(claim, { relaxed: true }) : claim(db);
    },

    /**
     * Records a round's outcomes in one unit; each only while its lease holds (a Resend meanwhile
     * wins, and a delivery whose lease ran out belongs to whoever claimed it next).
     */
    async recordAttempts(outcomes: readonly AttemptOutcome[]): Promise<void> {
      if (outcomes.length === 0) return;
      await commits.run(
        async (trx) => {
          for (const { id, leaseUntil, ...outcome } of outcomes) {
            await trx.updateTable('webhook_deliveries').set(outcome).where('id', '=', id).where('next_attempt_at', '=', leaseUntil).execute();
          }
        },
        { relaxed: outboxRelaxed },
      );
    },
  };
}

export type WebhooksRepository = ReturnType<typeof createWebhooksRepository>;
