import { sql, type Kysely } from 'kysely';

/**
 * The events log (issue 29): what happened to a record and who did it, written in the
 * transaction of the change. An order's timeline (`GET /api/purchase/{id}`) reads it.
 *
 * Orders placed before this migration get the events their columns prove: placed (by the buyer),
 * paid (by the buyer for a card payment; a bank transfer's recorder is unknown), shipped,
 * delivered, cancelled, refunded (who did it is unknown: `actor` null), expired (the sweep:
 * 'system'), rejected (the approver in `decided_by`, else the timeout sweep). An approval's time
 * was never stored, so those orders show no `approved` step.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('type', 'varchar(40)', (c) => c.notNull())
    .addColumn('subject_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('actor', 'text')
    .addColumn('at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('events_subject_at').on('events').columns(['subject_id', 'at']).execute();

  const backfill = (type: string, at: string, actor: string, where = `${at} is not null`) =>
    sql`insert into events (id, type, subject_id, actor, at)
        select id || ${`.${type}`}, ${`order.${type}`}, id, ${sql.raw(actor)}, ${sql.raw(at)} from orders where ${sql.raw(where)}`.execute(db);
  await backfill('placed', 'created_at', 'user_id');
  await backfill('paid', 'paid_at', "case when payment_provider = 'bank_transfer' then null else user_id end");
  await backfill('shipped', 'shipped_at', 'null');
  await backfill('delivered', 'delivered_at', 'null');
  await backfill('cancelled', 'cancelled_at', 'null');
  await backfill('refunded', 'refunded_at', 'null');
  await backfill('expired', 'updated_at', "'system'", "status = 'expired'");
  await backfill('rejected', 'updated_at', "coalesce(decided_by, 'system')", "status = 'rejected'");
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('events').ifExists().execute();
}
