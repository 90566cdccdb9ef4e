import { type Kysely } from 'kysely';

/**
 * Requisition lists (issue 33), owned by the lists module.
 *
 * - `lists`: a buyer's named list; `sharing` 'private' | 'read' | 'edit'; `company_id` the owner's
 *   company when it was shared (null while private), so a company's members find the lists shared
 *   with them by index. Whether the owner still belongs to that company is asked of the companies
 *   module when the list is read.
 * - `list_items`: one line per product (primary key), its pieces and when it was added (the order
 *   lines are shown in).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('lists')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('owner_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('sharing', 'varchar(8)', (c) => c.notNull().defaultTo('private'))
    .addColumn('company_id', 'varchar(24)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('lists_owner_updated').on('lists').columns(['owner_id', 'updated_at']).execute();
  await db.schema.createIndex('lists_company_updated').on('lists').columns(['company_id', 'updated_at']).execute();

  await db.schema
    .createTable('list_items')
    .addColumn('list_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('product_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('list_items_pk', ['list_id', 'product_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('list_items').execute();
  await db.schema.dropTable('lists').execute();
}
