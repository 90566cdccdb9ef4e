import type { Kysely } from 'kysely';

/**
 * Punchout (issue 32, ADR 0031), owned by the punchout module:
 *
 * - `punchout_configs`: one company's setup. Secrets only as scrypt hashes. `from_key` (the cXML
 *   From credential, lower-cased `domain\nidentity`) and `oci_username_key` (lower-cased) are
 *   unique: a document names exactly one company.
 * - `punchout_sessions`: one punchout from setup to returned cart. `token_hash` is the sha-256 of
 *   the one-time start link's token (the token itself is never stored); `started_at` is set once,
 *   by the conditional update that uses the link; the return URL and buyer cookie stay server-side.
 * - `punchout_documents`: every document in and out; `body` is emptied after 90 days, the row stays.
 * - `punchout_orders`: the buyer's `orderID` per company, written in the order's own unit: its
 *   primary key makes a repeated `OrderRequest` one order on both engines, concurrent ones too.
 *
 * Beside them: better-auth's `session."punchoutId"` marks a browser session opened by punchout
 * (read with every session, so no extra query), and `orders.review_note` holds what a shop admin
 * should check on an order (a punchout line sent at another price than the shop's).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('punchout_configs')
    .addColumn('company_id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('protocol', 'varchar(8)', (c) => c.notNull())
    .addColumn('from_domain', 'text')
    .addColumn('from_identity', 'text')
    .addColumn('from_key', 'text', (c) => c.unique())
    .addColumn('sender_domain', 'text')
    .addColumn('sender_identity', 'text')
    .addColumn('shared_secret_hash', 'text')
    .addColumn('oci_username', 'text')
    .addColumn('oci_username_key', 'text', (c) => c.unique())
    .addColumn('oci_password_hash', 'text')
    .addColumn('allowed_return_origins', 'text', (c) => c.notNull())
    .addColumn('member_user_id', 'text', (c) => c.notNull())
    .addColumn('ship_to', 'text')
    .addColumn('system_name', 'text')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_by', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('punchout_sessions')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('company_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('protocol', 'varchar(8)', (c) => c.notNull())
    .addColumn('operation', 'varchar(10)', (c) => c.notNull())
    .addColumn('buyer_cookie', 'text')
    .addColumn('return_url', 'text', (c) => c.notNull())
    .addColumn('return_target', 'varchar(10)')
    .addColumn('header', 'text')
    .addColumn('user_email', 'text')
    .addColumn('items', 'text')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('started_at', 'varchar(32)')
    .addColumn('ends_at', 'varchar(32)')
    .addColumn('returned_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('punchout_sessions_expires_at').on('punchout_sessions').column('expires_at').execute();

  await db.schema
    .createTable('punchout_documents')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('direction', 'varchar(3)', (c) => c.notNull())
    .addColumn('protocol', 'varchar(8)', (c) => c.notNull())
    .addColumn('type', 'varchar(30)', (c) => c.notNull())
    .addColumn('company_id', 'varchar(24)')
    .addColumn('payload_id', 'text')
    .addColumn('status_code', 'integer')
    .addColumn('message', 'text')
    .addColumn('order_id', 'varchar(24)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('body', 'text')
    .execute();
  await db.schema.createIndex('punchout_documents_created').on('punchout_documents').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('punchout_documents_company').on('punchout_documents').columns(['company_id', 'created_at']).execute();

  await db.schema
    .createTable('punchout_orders')
    .addColumn('company_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('buyer_order_id', 'varchar(100)', (c) => c.notNull())
    .addColumn('order_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('payload_id', 'text')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('punchout_orders_pk', ['company_id', 'buyer_order_id'])
    .execute();

  await db.schema.alterTable('session').addColumn('punchoutId', 'text').execute();
  await db.schema.alterTable('orders').addColumn('review_note', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('review_note').execute();
  await db.schema.alterTable('session').dropColumn('punchoutId').execute();
  await db.schema.dropTable('punchout_orders').ifExists().execute();
  await db.schema.dropTable('punchout_documents').ifExists().execute();
  await db.schema.dropTable('punchout_sessions').ifExists().execute();
  await db.schema.dropTable('punchout_configs').ifExists().execute();
}
