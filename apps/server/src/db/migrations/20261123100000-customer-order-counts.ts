import { sql, type Kysely } from 'kysely';
import { dialectTypes } from './dialect.js';

/**
 * How many orders each customer has, for My Orders' `X-Total-Count`. Counting a customer's orders
 * on every page read the whole of their index range: about 300 µs at 10,000 orders, most of the
 * cost of the page (ADR 0005). Triggers keep the count, so it stays exact whoever writes `orders`
 * (the app on either engine, several instances, an import script) and costs one row upsert inside
 * the order's own transaction.
 *
 * Also drops `orders_user_email_created`: every lookup by email compares `lower(user_email)` and
 * uses `orders_user_email_lower_created`, so it was only a cost on each order insert.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('customer_order_counts')
    .addColumn('user_id', 'text', (c) => c.primaryKey())
    .addColumn('orders', 'bigint', (c) => c.notNull())
    .execute();
  await createCountTriggers(db);
  await sql`insert into customer_order_counts (user_id, orders) select user_id, count(*) from orders group by user_id`.execute(db);
  await db.schema.dropIndex('orders_user_email_created').ifExists().execute();
}

/** The triggers that keep the counts (also what 20261123200000's `down` puts back). */
export async function createCountTriggers(db: Kysely<unknown>): Promise<void> {
  const { pg } = dialectTypes(db);
  if (pg) {
    await sql`
      create function customer_order_counts_keep() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then
          insert into customer_order_counts (user_id, orders) values (new.user_id, 1)
            on conflict (user_id) do update set orders = customer_order_counts.orders + 1;
          return new;
        end if;
        update customer_order_counts set orders = orders - 1 where user_id = old.user_id;
        return old;
      end $$`.execute(db);
    await sql`create trigger orders_keep_customer_counts after insert or delete on orders for each row execute function customer_order_counts_keep()`.execute(
      db,
    );
  } else {
    await sql`
      create trigger orders_count_insert after insert on orders begin
        insert into customer_order_counts (user_id, orders) values (new.user_id, 1)
          on conflict (user_id) do update set orders = orders + 1;
      end`.execute(db);
    await sql`
      create trigger orders_count_delete after delete on orders begin
        update customer_order_counts set orders = orders - 1 where user_id = old.user_id;
      end`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const { pg } = dialectTypes(db);
  await db.schema.createIndex('orders_user_email_created').on('orders').columns(['user_email', 'created_at', 'id']).execute();
  if (pg) {
    await sql`drop trigger if exists orders_keep_customer_counts on orders`.execute(db);
    await sql`drop function if exists customer_order_counts_keep()`.execute(db);
  } else {
    await sql`drop trigger if exists orders_count_insert`.execute(db);
    await sql`drop trigger if exists orders_count_delete`.execute(db);
  }
  await db.schema.dropTable('customer_order_counts').ifExists().execute();
}
