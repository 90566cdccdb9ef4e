import { sql, type Kysely } from 'kysely';
import { dialectTypes } from './dialect.js';

/**
 * Returns and credit notes (issue 31, ADR 0032): the returns module's `returns` (numbered
 * `RMA-000001` as orders are: a sequence on PostgreSQL, `max + 1` by SQLite's one writer),
 * `return_lines` and `credit_notes` (numbered `CN-000001` from the payments module's gap-free
 * sequences, as invoices are). The orders module keeps, per line, the pieces in returns that were
 * not rejected (`returned_quantity`, the arbiter of "no more than shipped") and the pieces credited
 * (`credited_quantity`, for the cumulative rounding of partial credits), and per order what its
 * credit notes gave back (`credited_cents`: an unpaid account order owes that much less).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { pg } = dialectTypes(db);
  await db.schema
    .createTable('returns')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('rma_number', 'bigint', (c) => c.notNull().unique())
    .addColumn('order_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('order_number', 'bigint', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('user_email', 'text', (c) => c.notNull())
    .addColumn('company_id', 'varchar(24)')
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('rejection_reason', 'text')
    .addColumn('requested_by', 'text', (c) => c.notNull())
    .addColumn('decided_by', 'text')
    .addColumn('refund_reference', 'text')
    .addColumn('refund_error', 'text')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  if (pg) {
    await sql`create sequence rma_numbers owned by returns.rma_number`.execute(db);
    await sql`alter table returns alter column rma_number set default nextval('rma_numbers')`.execute(db);
  }
  await db.schema.createIndex('returns_order').on('returns').column('order_id').execute();
  await db.schema.createIndex('returns_user_created').on('returns').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('returns_company_created').on('returns').columns(['company_id', 'created_at']).execute();
  await db.schema.createIndex('returns_status_created').on('returns').columns(['status', 'created_at']).execute();
  await db.schema
    .createTable('return_lines')
    .addColumn('return_id', 'varchar(24)', (c) => c.notNull().references('returns.id').onDelete('cascade'))
    .addColumn('line_no', 'integer', (c) => c.notNull())
    .addColumn('order_line_no', 'integer', (c) => c.notNull())
    .addColumn('product_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('sku', 'text', (c) => c.notNull())
    .addColumn('product_name', 'text', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('received', 'integer')
    .addColumn('damaged', 'integer')
    .addColumn('warehouse_id', 'varchar(24)')
    .addPrimaryKeyConstraint('return_lines_pk', ['return_id', 'line_no'])
    .execute();
  await db.schema
    .createTable('credit_notes')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('number', 'integer', (c) => c.notNull().unique())
    .addColumn('return_id', 'varchar(24)', (c) => c.notNull().unique())
    .addColumn('order_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('net_cents', 'integer', (c) => c.notNull())
    .addColumn('tax_cents', 'integer', (c) => c.notNull())
    .addColumn('shipping_cents', 'integer', (c) => c.notNull())
    .addColumn('total_cents', 'integer', (c) => c.notNull())
    .addColumn('lines', 'text', (c) => c.notNull())
    .addColumn('method', 'varchar(20)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('credit_notes_order').on('credit_notes').column('order_id').execute();
  await db.schema
    .alterTable('order_lines')
    .addColumn('returned_quantity', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('order_lines')
    .addColumn('credited_quantity', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('orders')
    .addColumn('credited_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('credited_cents').execute();
  await db.schema.alterTable('order_lines').dropColumn('credited_quantity').execute();
  await db.schema.alterTable('order_lines').dropColumn('returned_quantity').execute();
  await db.schema.dropTable('credit_notes').ifExists().execute();
  await db.schema.dropTable('return_lines').ifExists().execute();
  await db.schema.dropTable('returns').ifExists().execute();
}
