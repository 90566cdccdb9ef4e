import { sql, type Kysely } from 'kysely';
import { dialectTypes } from './dialect.js';

/**
 * Bulk pricing and requests for quote (issue 17, ADR 0017).
 *
 * - `products.price_tiers`: JSON text `[{ "minQuantity": 200, "priceCents": 15 }]`, strictly
 *   ascending (shared `priceTiersProblem`); `products.order_multiple`: the pack multiple (1 = none).
 * - `quotes` (quotes module): one request for quote; `quote_number` is sequential like
 *   `orders.order_number` (a sequence on PostgreSQL, max + 1 by trigger on SQLite).
 * - `quote_lines` (quotes module): the product snapshot, the pieces, the shop's own price when
 *   asked (`list_unit_price_cents`) and the quoted price once answered.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { pg } = dialectTypes(db);
  await db.schema
    .alterTable('products')
    .addColumn('price_tiers', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await db.schema
    .alterTable('products')
    .addColumn('order_multiple', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();

  await db.schema
    .createTable('quotes')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('quote_number', 'bigint')
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('user_email', 'text', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('message', 'text')
    .addColumn('valid_until', 'varchar(32)')
    .addColumn('order_id', 'varchar(24)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('answered_at', 'varchar(32)')
    .addColumn('decided_at', 'varchar(32)')
    .execute();
  if (pg) {
    await sql`create sequence quote_numbers`.execute(db);
    await sql`alter table quotes alter column quote_number set default nextval('quote_numbers')`.execute(db);
    await sql`alter sequence quote_numbers owned by quotes.quote_number`.execute(db);
    await sql`alter table quotes alter column quote_number set not null`.execute(db);
  } else {
    await sql`
      create trigger quotes_number_missing after insert on quotes when new.quote_number is null begin
        update quotes set quote_number = (select coalesce(max(quote_number), 0) + 1 from quotes) where rowid = new.rowid;
      end`.execute(db);
  }
  await db.schema.createIndex('quotes_quote_number').on('quotes').column('quote_number').unique().execute();
  // A buyer's own quotes, newest first; the admin list by status, newest first.
  await db.schema.createIndex('quotes_user_created').on('quotes').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('quotes_status_created').on('quotes').columns(['status', 'created_at']).execute();

  await db.schema
    .createTable('quote_lines')
    .addColumn('quote_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('line_no', 'integer', (c) => c.notNull())
    .addColumn('product_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('sku', 'text', (c) => c.notNull())
    .addColumn('product_name', 'text', (c) => c.notNull())
    .addColumn('product_img', 'text', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('list_unit_price_cents', 'bigint', (c) => c.notNull())
    .addColumn('quoted_unit_price_cents', 'bigint')
    .addPrimaryKeyConstraint('quote_lines_pk', ['quote_id', 'line_no'])
    .execute();
  await db.schema.createIndex('quote_lines_product').on('quote_lines').column('product_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const { pg } = dialectTypes(db);
  await db.schema.dropTable('quote_lines').execute();
  if (!pg) await sql`drop trigger if exists quotes_number_missing`.execute(db);
  // Dropping the table drops the sequence its column owns (PostgreSQL).
  await db.schema.dropTable('quotes').execute();
  await db.schema.alterTable('products').dropColumn('order_multiple').execute();
  await db.schema.alterTable('products').dropColumn('price_tiers').execute();
}
