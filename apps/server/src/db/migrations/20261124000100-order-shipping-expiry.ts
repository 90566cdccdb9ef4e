import type { Kysely } from 'kysely';

/**
 * - `carrier`, `tracking_number`: given by the admin when an order ships (bounded by the shared schema).
 * - `expires_at`: an unpaid order's payment deadline; the expiry sweep finds pending orders past it
 *   through `orders_pending_expiry`.
 * - `idempotency_hash`: the hash of the body first sent with an Idempotency-Key; the same key
 *   with another body is refused instead of answering with the first order.
 * - `orders_user_status`: counts an account's unpaid orders (PENDING_ORDERS_MAX) over only those rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('carrier', 'varchar(60)').execute();
  await db.schema.alterTable('orders').addColumn('tracking_number', 'varchar(100)').execute();
  await db.schema.alterTable('orders').addColumn('expires_at', 'varchar(32)').execute();
  await db.schema.alterTable('orders').addColumn('idempotency_hash', 'varchar(64)').execute();
  await db.schema.createIndex('orders_pending_expiry').on('orders').columns(['status', 'expires_at']).execute();
  await db.schema.createIndex('orders_user_status').on('orders').columns(['user_id', 'status']).execute();
  // Orders left unpaid before expiry existed get a day from now, not an instant expiry at the first sweep.
  const grace = new Date(Date.now() + 24 * 60 * 60_000).toISOString();
  await (db as Kysely<{ orders: { status: string; expires_at: string | null } }>)
    .updateTable('orders')
    .set({ expires_at: grace })
    .where('status', '=', 'pending')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('orders_user_status').ifExists().execute();
  await db.schema.dropIndex('orders_pending_expiry').ifExists().execute();
  for (const column of ['idempotency_hash', 'expires_at', 'tracking_number', 'carrier']) {
    await db.schema.alterTable('orders').dropColumn(column).execute();
  }
}
