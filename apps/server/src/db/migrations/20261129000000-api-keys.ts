import { type Kysely } from 'kysely';

/**
 * API keys for integrations (issue 19, ADR 0020), owned by the api-keys module.
 *
 * - `api_keys`: only the sha-256 of the secret is kept (`secret_hash`, hex, unique: the lookup of
 *   every bearer request); `scopes` is JSON text (a list of shared `ApiKeyScope`s); `revoked_at`
 *   set once revoked (the row stays, so the list shows it); `last_used_at` written at most once a
 *   minute per key.
 * - `orders_updated_at`: the order list's `updatedSince` filter (an ERP's incremental pull).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('secret_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('scopes', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('last_used_at', 'varchar(32)')
    .addColumn('revoked_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('orders_updated_at').on('orders').column('updated_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('orders_updated_at').execute();
  await db.schema.dropTable('api_keys').execute();
}
