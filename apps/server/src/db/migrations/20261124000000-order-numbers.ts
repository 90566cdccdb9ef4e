import { sql, type Kysely } from 'kysely';
import { dialectTypes } from './dialect.js';

/**
 * A short sequential number per order (`BP-000123`, shared `formatOrderNumber`), unique, given at
 * insert inside the order's own transaction:
 * - PostgreSQL: a sequence (the column's default). Several instances take numbers without waiting
 *   for each other; an order rolled back (no stock) leaves a gap, as sequences do.
 * - SQLite: `max + 1` through the unique index, inside the insert statement. One writer, and the
 *   orders of a group commit run one after the other in one transaction, so two orders never read
 *   the same max; a unit rolled back to its savepoint gives its number to the next one.
 * Rows written without a number (scripts, imports) get one from the default (PostgreSQL) or a
 * trigger (SQLite). Existing orders are numbered by creation time.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { pg } = dialectTypes(db);
  await sql`alter table orders add column order_number bigint`.execute(db);
  await sql`update orders set order_number = n.num from (select id, row_number() over (order by created_at, id) as num from orders) n where orders.id = n.id`.execute(
    db,
  );
  if (pg) {
    await sql`create sequence order_numbers`.execute(db);
    await sql`select setval('order_numbers', coalesce((select max(order_number) from orders), 0) + 1, false)`.execute(db);
    await sql`alter table orders alter column order_number set default nextval('order_numbers')`.execute(db);
    await sql`alter sequence order_numbers owned by orders.order_number`.execute(db);
    await sql`alter table orders alter column order_number set not null`.execute(db);
  } else {
    await sql`
      create trigger orders_number_missing after insert on orders when new.order_number is null begin
        update orders set order_number = (select coalesce(max(order_number), 0) + 1 from orders) where rowid = new.rowid;
      end`.execute(db);
  }
  await db.schema.createIndex('orders_order_number').on('orders').column('order_number').unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const { pg } = dialectTypes(db);
  await db.schema.dropIndex('orders_order_number').ifExists().execute();
  if (!pg) await sql`drop trigger if exists orders_number_missing`.execute(db);
  // Dropping the column drops the sequence it owns (PostgreSQL).
  await sql`alter table orders drop column order_number`.execute(db);
}
