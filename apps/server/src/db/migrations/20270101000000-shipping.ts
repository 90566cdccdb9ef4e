import { type Kysely } from 'kysely';

/**
 * Shipping and delivery dates (issue 30, ADR 0035).
 * - products.weight_grams: a piece's weight in grams (the API's `weightKg`), null when not given
 *   (such a line weighs nothing in the shipping bands).
 * - shipping_methods (module `shipping`): one row per method, its bands and countries as JSON
 *   text, prices in cents, weights in grams; `position` keeps the admin's order.
 * - orders: the shipping charged (`shipping_cents`, in `total_cents`), the method as chosen
 *   (`shipping_method`, JSON: code, name, kind, carrierAccount, pickupAddress; null for orders
 *   placed before, or without a method fitting) and the estimated delivery window.
 * - quotes.shipping_cents: the freight price an admin's answer carries (null: none), charged by
 *   the order its acceptance places.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('products').addColumn('weight_grams', 'integer').execute();
  await db.schema
    .createTable('shipping_methods')
    .addColumn('code', 'varchar(30)', (c) => c.primaryKey())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('countries', 'text', (c) => c.notNull())
    .addColumn('bands', 'text', (c) => c.notNull())
    .addColumn('free_over_cents', 'bigint')
    .addColumn('transit_min', 'integer', (c) => c.notNull())
    .addColumn('transit_max', 'integer', (c) => c.notNull())
    .addColumn('pickup_address', 'varchar(300)')
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema
    .alterTable('orders')
    .addColumn('shipping_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('orders').addColumn('shipping_method', 'text').execute();
  await db.schema.alterTable('orders').addColumn('delivery_from', 'varchar(10)').execute();
  await db.schema.alterTable('orders').addColumn('delivery_to', 'varchar(10)').execute();
  await db.schema.alterTable('quotes').addColumn('shipping_cents', 'bigint').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('quotes').dropColumn('shipping_cents').execute();
  for (const c of ['delivery_to', 'delivery_from', 'shipping_method', 'shipping_cents']) await db.schema.alterTable('orders').dropColumn(c).execute();
  await db.schema.dropTable('shipping_methods').execute();
  await db.schema.alterTable('products').dropColumn('weight_grams').execute();
}
