import { sql, type Kysely } from 'kysely';

/**
 * Backorders with a promised date (issue 31, ADR 0032).
 * - products: whether a line beyond the stock is taken with the rest backordered
 *   (`backorder_allowed`), its lead time and next restock day; `backordered_quantity`, the pieces
 *   waiting for it (a new order joins the queue while any wait: first come, first served);
 *   `backorder_seq`, the queue's counter, taken under the product's row lock.
 * - order_lines: `backordered` (pieces waiting), `promised_dispatch` (their day), and
 *   `backorder_position` (the line's place in its product's queue); a partial index finds a
 *   product's waiting lines in queue order when stock arrives.
 * - orders: `fulfilment`, 'ship_as_available' (what is in stock ships now) or 'ship_complete'.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('products')
    .addColumn('backorder_allowed', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('products').addColumn('lead_time_days', 'integer').execute();
  await db.schema.alterTable('products').addColumn('next_restock_date', 'varchar(10)').execute();
  await db.schema
    .alterTable('products')
    .addColumn('backordered_quantity', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`backordered_quantity >= 0`),
    )
    .execute();
  await db.schema
    .alterTable('products')
    .addColumn('backorder_seq', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('order_lines')
    .addColumn('backordered', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('order_lines').addColumn('promised_dispatch', 'varchar(10)').execute();
  await db.schema.alterTable('order_lines').addColumn('backorder_position', 'integer').execute();
  await sql`create index order_lines_backordered on order_lines (product_id, backorder_position) where backordered > 0`.execute(db);
  await db.schema
    .alterTable('orders')
    .addColumn('fulfilment', 'varchar(20)', (c) => c.notNull().defaultTo('ship_as_available'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('fulfilment').execute();
  await sql`drop index if exists order_lines_backordered`.execute(db);
  for (const c of ['backorder_position', 'promised_dispatch', 'backordered']) await db.schema.alterTable('order_lines').dropColumn(c).execute();
  for (const c of ['backorder_seq', 'backordered_quantity', 'next_restock_date', 'lead_time_days', 'backorder_allowed']) {
    await db.schema.alterTable('products').dropColumn(c).execute();
  }
}
