import { sql, type Kysely } from 'kysely';

/** Catalogue, reviews, sequences, mail outbox and shared rate-limit counters. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('products')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_lower', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('price_cents', 'bigint', (c) => c.notNull())
    .addColumn('minimum_order_quantity', 'integer', (c) => c.notNull())
    .addColumn('available_quantity', 'integer', (c) => c.notNull())
    .addColumn('img', 'text', (c) => c.notNull())
    .addColumn('archived', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addCheckConstraint('products_stock_non_negative', sql`available_quantity >= 0`)
    .addCheckConstraint('products_price_positive', sql`price_cents > 0`)
    .execute();
  // The storefront lists non-archived products in a stable order and pages through them by key.
  await db.schema.createIndex('products_archived_position').on('products').columns(['archived', 'position', 'id']).execute();
  await db.schema.createIndex('products_name_lower').on('products').column('name_lower').execute();

  await db.schema
    .createTable('reviews')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('user_id', 'text')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('img', 'text')
    .addColumn('designation', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('rating', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('reviews_created_at').on('reviews').columns(['created_at', 'id']).execute();

  await db.schema
    .createTable('sequences')
    .addColumn('name', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('value', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text_body', 'text', (c) => c.notNull())
    .addColumn('html_body', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('sent_at', 'varchar(32)')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('mail_outbox_pending').on('mail_outbox').columns(['sent_at', 'next_attempt_at']).execute();

  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'varchar(255)', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('window_start', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['rate_limits', 'mail_outbox', 'sequences', 'reviews', 'products']) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
