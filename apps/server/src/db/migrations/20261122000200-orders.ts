import type { Kysely } from 'kysely';

/** Orders (with their price snapshot and payment facts), processed payment events, profiles. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('orders')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('product_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('product_name', 'text', (c) => c.notNull())
    .addColumn('product_img', 'text', (c) => c.notNull())
    .addColumn('unit_price_cents', 'bigint', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('total_cents', 'bigint', (c) => c.notNull())
    // No foreign key to users: a removed user's orders stay for the books.
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('user_email', 'text', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('idempotency_key', 'varchar(100)')
    .addColumn('payment_provider', 'varchar(32)')
    .addColumn('payment_reference', 'text')
    .addColumn('card_brand', 'varchar(32)')
    .addColumn('card_last4', 'varchar(4)')
    .addColumn('invoice_number', 'bigint')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('paid_at', 'varchar(32)')
    .addColumn('shipped_at', 'varchar(32)')
    .addColumn('delivered_at', 'varchar(32)')
    .addColumn('cancelled_at', 'varchar(32)')
    .addColumn('refunded_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('orders_user_email_created').on('orders').columns(['user_email', 'created_at', 'id']).execute();
  await db.schema.createIndex('orders_status_created').on('orders').columns(['status', 'created_at', 'id']).execute();
  await db.schema.createIndex('orders_created').on('orders').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('orders_product').on('orders').column('product_id').execute();
  await db.schema.createIndex('orders_user_idempotency').on('orders').columns(['user_id', 'idempotency_key']).unique().execute();
  await db.schema.createIndex('orders_invoice_number').on('orders').column('invoice_number').unique().execute();

  await db.schema
    .createTable('payment_events')
    .addColumn('id', 'varchar(255)', (c) => c.primaryKey())
    .addColumn('provider', 'varchar(32)', (c) => c.notNull())
    .addColumn('order_id', 'varchar(24)')
    .addColumn('type', 'varchar(100)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('profiles')
    .addColumn('user_id', 'text', (c) => c.primaryKey())
    .addColumn('address', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('phone', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['profiles', 'payment_events', 'orders']) await db.schema.dropTable(t).ifExists().execute();
}
