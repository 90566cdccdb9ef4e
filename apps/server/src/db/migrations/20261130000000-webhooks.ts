import { sql, type Kysely } from 'kysely';

/**
 * Outgoing signed webhooks (issue 19, ADR 0022), owned by the webhooks module.
 *
 * - `webhook_endpoints`: an integrator's URL, the events it wants (JSON text), whether it is
 *   active (integer 1/0 on both engines), and its signing secret as given (`whsec_…`): it is an
 *   HMAC key the shop must use to sign, not a password, so it cannot be hashed.
 * - `webhook_deliveries`: the outbox. One row per event and endpoint, written in the transaction of
 *   the change that caused it; the worker claims due rows (`status = 'pending'` and
 *   `next_attempt_at <= now`) by moving `next_attempt_at` to the end of a lease.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('webhook_endpoints')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('events', 'text', (c) => c.notNull())
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('webhook_deliveries')
    // `msg_` + a 24-hex id: the `webhook-id` receivers see.
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('endpoint_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo(sql`'pending'`))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_status_code', 'integer')
    .addColumn('last_duration_ms', 'integer')
    .addColumn('last_error', 'text')
    .addColumn('next_attempt_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('delivered_at', 'varchar(32)')
    .execute();
  // The worker's claim (due pending rows) and an endpoint's delivery log, newest first.
  await db.schema.createIndex('webhook_deliveries_due').on('webhook_deliveries').columns(['status', 'next_attempt_at']).execute();
  await db.schema.createIndex('webhook_deliveries_endpoint').on('webhook_deliveries').columns(['endpoint_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('webhook_deliveries').execute();
  await db.schema.dropTable('webhook_endpoints').execute();
}
