import { type Kysely } from 'kysely';

/**
 * Issue 30: the seller's identity (name, address, tax country, tax and registration numbers,
 * contact), owned by the settings module. One row, `id = 'seller'`; while there is none the
 * environment's SHOP_* and SELLER_* values are the record (settings/settings.service.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('seller_settings')
    .addColumn('id', 'varchar(20)', (c) => c.primaryKey())
    .addColumn('legal_name', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('region', 'varchar(10)')
    .addColumn('country', 'varchar(2)', (c) => c.notNull())
    .addColumn('tax_number', 'varchar(40)')
    .addColumn('registration_number', 'varchar(60)')
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('phone', 'varchar(30)', (c) => c.notNull())
    .addColumn('time_zone', 'varchar(64)', (c) => c.notNull())
    .addColumn('updated_by', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('seller_settings').execute();
}
