import { sql, type Kysely } from 'kysely';
import { dialectTypes } from './dialect.js';

/**
 * `carts.order_id` becomes nullable (issue 28's review): a cart locked before it was ever checked
 * out has no order, and said so with the empty string because the column was not null. SQLite
 * cannot drop a NOT NULL constraint, so its table is rebuilt (the table is small: one row per
 * account that used a cart).
 */
async function rebuildSqlite(db: Kysely<unknown>, orderIdNotNull: boolean, copyOrderId: string): Promise<void> {
  await db.schema
    .createTable('carts_rebuilt')
    .addColumn('user_id', 'text', (c) => c.primaryKey())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('order_id', 'varchar(24)', (c) => (orderIdNotNull ? c.notNull() : c))
    .addColumn('ordered', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await sql`insert into carts_rebuilt (user_id, version, order_id, ordered, updated_at)
            select user_id, version, ${sql.raw(copyOrderId)}, ordered, updated_at from carts`.execute(db);
  await db.schema.dropTable('carts').execute();
  await db.schema.alterTable('carts_rebuilt').renameTo('carts').execute();
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectTypes(db).pg) {
    await sql`alter table carts alter column order_id drop not null`.execute(db);
    await sql`update carts set order_id = null where order_id = ''`.execute(db);
  } else {
    await rebuildSqlite(db, false, "nullif(order_id, '')");
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectTypes(db).pg) {
    await sql`update carts set order_id = '' where order_id is null`.execute(db);
    await sql`alter table carts alter column order_id set not null`.execute(db);
  } else {
    await rebuildSqlite(db, true, "coalesce(order_id, '')");
  }
}
