import { type Kysely } from 'kysely';
import { dialectTypes } from './dialect.js';

/**
 * Company accounts (issue 18, ADR 0018). Every new table belongs to the companies module.
 *
 * - `companies`: the customer; `billing_address` is JSON text (shared `shippingAddressSchema`);
 *   `payment_terms` ('net30' | 'net60' | null), `credit_limit_cents` and `discount_percent` are
 *   set by a shop admin only.
 * - `company_members`: a user belongs to at most one company (primary key `user_id`); `role` is a
 *   CompanyRole; `spending_limit_cents` null = unlimited.
 * - `company_invitations`: only the sha-256 of the token is kept; a token works once
 *   (`accepted_at`), until `expires_at` or `revoked_at`.
 * - `company_addresses`: shipping addresses kept on the company (JSON text).
 * - `company_prices`: fixed unit prices for chosen products.
 *
 * `orders` gains who the order was bought for and how it is paid: `company_id`,
 * `payment_method` ('card' | 'account'), `due_date` (an invoiced order), `rejection_reason`,
 * `decided_by` (the approver), `reminded_at` (the one overdue reminder) and `awaiting_since`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('companies')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('tax_id', 'text')
    .addColumn('billing_address', 'text', (c) => c.notNull())
    .addColumn('payment_terms', 'varchar(8)')
    .addColumn('credit_limit_cents', 'bigint')
    .addColumn('discount_percent', 'integer')
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('companies_name').on('companies').column('name').execute();

  await db.schema
    .createTable('company_members')
    .addColumn('user_id', 'text', (c) => c.primaryKey())
    .addColumn('company_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('role', 'varchar(16)', (c) => c.notNull())
    .addColumn('spending_limit_cents', 'bigint')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('company_members_company').on('company_members').columns(['company_id', 'role']).execute();

  await db.schema
    .createTable('company_invitations')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('company_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('role', 'varchar(16)', (c) => c.notNull())
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('invited_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('accepted_at', 'varchar(32)')
    .addColumn('accepted_by', 'text')
    .addColumn('revoked_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('company_invitations_token').on('company_invitations').column('token_hash').unique().execute();
  await db.schema.createIndex('company_invitations_company').on('company_invitations').columns(['company_id', 'created_at']).execute();

  await db.schema
    .createTable('company_addresses')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('company_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('company_addresses_company').on('company_addresses').column('company_id').execute();

  await db.schema
    .createTable('company_prices')
    .addColumn('company_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('product_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('price_cents', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('company_prices_pk', ['company_id', 'product_id'])
    .execute();

  // 'awaiting_approval' is 17 characters: PostgreSQL's varchar(16) would refuse it (SQLite does not check lengths).
  if (dialectTypes(db).pg)
    await db.schema
      .alterTable('orders')
      .alterColumn('status', (c) => c.setDataType('varchar(24)'))
      .execute();
  await db.schema.alterTable('orders').addColumn('company_id', 'varchar(24)').execute();
  await db.schema
    .alterTable('orders')
    .addColumn('payment_method', 'varchar(8)', (c) => c.notNull().defaultTo('card'))
    .execute();
  await db.schema.alterTable('orders').addColumn('due_date', 'varchar(32)').execute();
  await db.schema.alterTable('orders').addColumn('rejection_reason', 'text').execute();
  await db.schema.alterTable('orders').addColumn('decided_by', 'text').execute();
  await db.schema.alterTable('orders').addColumn('reminded_at', 'varchar(32)').execute();
  await db.schema.alterTable('orders').addColumn('awaiting_since', 'varchar(32)').execute();
  // A company's orders, newest first (`?company=true`); its open account orders (the credit used).
  await db.schema.createIndex('orders_company_created').on('orders').columns(['company_id', 'created_at']).execute();
  await db.schema.createIndex('orders_company_status').on('orders').columns(['company_id', 'status']).execute();
  // The overdue sweep and the 14-day approval sweep.
  await db.schema.createIndex('orders_status_due').on('orders').columns(['status', 'due_date']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of ['orders_status_due', 'orders_company_status', 'orders_company_created']) await db.schema.dropIndex(index).execute();
  for (const column of ['awaiting_since', 'reminded_at', 'decided_by', 'rejection_reason', 'due_date', 'payment_method', 'company_id']) {
    await db.schema.alterTable('orders').dropColumn(column).execute();
  }
  // Fails while an order is still awaiting_approval: those orders have no status before this migration.
  if (dialectTypes(db).pg)
    await db.schema
      .alterTable('orders')
      .alterColumn('status', (c) => c.setDataType('varchar(16)'))
      .execute();
  for (const table of ['company_prices', 'company_addresses', 'company_invitations', 'company_members', 'companies'])
    await db.schema.dropTable(table).execute();
}
