import { sql, type Kysely } from 'kysely';

/**
 * Indexes for the reads that grow with the data (measured with 100k products and 1M orders by
 * `npm run bench`; same statements on SQLite and PostgreSQL):
 * - a customer's orders, newest first (`user_id = ?` ordered by `created_at, id`): without it the
 *   database sorted all of the customer's orders on every page;
 * - an admin's search by buyer email, which compares `lower(user_email)`;
 * - the catalogue's price and newest sorts, which otherwise sort every product for each page;
 * - the catalogue's default order gains `name_lower` at the end of its index: a search
 *   (`name_lower like '%…%'`, which no b-tree can seek) then filters and counts inside the index
 *   instead of reading every product row: its count took a third of the time at 100k products.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('orders_user_created').on('orders').columns(['user_id', 'created_at', 'id']).execute();
  await sql`create index orders_user_email_lower_created on orders (lower(user_email), created_at, id)`.execute(db);
  await db.schema.createIndex('products_archived_price').on('products').columns(['archived', 'price_cents', 'id']).execute();
  await db.schema.createIndex('products_archived_created').on('products').columns(['archived', 'created_at', 'id']).execute();
  await db.schema.createIndex('products_archived_position_name').on('products').columns(['archived', 'position', 'id', 'name_lower']).execute();
  await db.schema.dropIndex('products_archived_position').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('products_archived_position').on('products').columns(['archived', 'position', 'id']).execute();
  for (const name of [
    'products_archived_position_name',
    'products_archived_created',
    'products_archived_price',
    'orders_user_email_lower_created',
    'orders_user_created',
  ]) {
    await db.schema.dropIndex(name).ifExists().execute();
  }
}
