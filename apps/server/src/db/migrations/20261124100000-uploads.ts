import { sql, type Kysely } from 'kysely';

/**
 * Who uploaded which file (modules/uploads): per-account quotas, and deleting a file nobody uses
 * any more. Keys are content hashes, so two accounts may share one file: one row per (user, key).
 * Also an index for counting one account's reviews (the per-account review cap), and a partial
 * index on orders' image snapshots that are uploads: "does any order still show this file?" must
 * not read every order, and orders of products with outside images (most) pay nothing for it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('uploads')
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('key', 'varchar(80)', (c) => c.notNull())
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('uploads_pk', ['user_id', 'key'])
    .execute();
  await db.schema.createIndex('uploads_key').on('uploads').column('key').execute();
  await db.schema.createIndex('uploads_created_at').on('uploads').column('created_at').execute();
  await db.schema.createIndex('reviews_user').on('reviews').column('user_id').execute();
  await sql`create index orders_product_img_upload on orders (product_img) where product_img like '/uploads/%'`.execute(db);

  // Names and photos saved before update-user was checked: bounded like sign-up's (80 characters;
  // an http(s) URL or an upload), here and where reviews copied them onto the public home page.
  await sql`update "user" set name = substr(name, 1, 80) where length(name) > 80`.execute(db);
  await sql`update reviews set name = substr(name, 1, 80) where length(name) > 80`.execute(db);
  for (const [table, column] of [
    ['user', 'image'],
    ['reviews', 'img'],
  ] as const) {
    await sql`update ${sql.table(table)} set ${sql.ref(column)} = null
      where ${sql.ref(column)} is not null
        and (length(${sql.ref(column)}) > 2000
          or (lower(${sql.ref(column)}) not like 'http://%' and lower(${sql.ref(column)}) not like 'https://%' and ${sql.ref(column)} not like '/uploads/%'))`.execute(
      db,
    );
  }
}

/** The bounded names and cleared photos stay as they are: the long originals are gone. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('orders_product_img_upload').ifExists().execute();
  await db.schema.dropIndex('reviews_user').ifExists().execute();
  await db.schema.dropTable('uploads').ifExists().execute();
}
