import { type Kysely } from 'kysely';

/**
 * Pages whose text admins edit (issue 33: terms of sale, privacy), owned by the site-pages module.
 * A page without a row shows the shop's starting text (site-pages/default-pages.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('site_pages')
    .addColumn('slug', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('site_pages').execute();
}
