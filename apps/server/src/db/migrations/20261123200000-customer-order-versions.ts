import { sql, type Kysely } from 'kysely';
import { createCountTriggers } from './20261123100000-customer-order-counts.js';
import { dialectTypes } from './dialect.js';

/**
 * A version per customer, bumped by triggers on every insert, update and delete of their orders.
 * My Orders keeps pages in memory keyed by it (orders/own-order-pages.ts): one indexed row read, which the
 * page already makes for its count, tells whether a kept page is still exact, whoever wrote the
 * order (this instance, another one on the same PostgreSQL, an admin, a script).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { pg } = dialectTypes(db);
  await db.schema
    .alterTable('customer_order_counts')
    .addColumn('version', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  if (pg) {
    await sql`
      create or replace function customer_order_counts_keep() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then
          insert into customer_order_counts (user_id, orders, version) values (new.user_id, 1, 1)
            on conflict (user_id) do update set orders = customer_order_counts.orders + 1, version = customer_order_counts.version + 1;
          return new;
        elsif tg_op = 'UPDATE' then
          update customer_order_counts set version = version + 1 where user_id in (old.user_id, new.user_id);
          return new;
        end if;
        update customer_order_counts set orders = orders - 1, version = version + 1 where user_id = old.user_id;
        return old;
      end $$`.execute(db);
    await sql`drop trigger if exists orders_keep_customer_counts on orders`.execute(db);
    await sql`create trigger orders_keep_customer_counts after insert or update or delete on orders for each row execute function customer_order_counts_keep()`.execute(
      db,
    );
  } else {
    await sql`drop trigger if exists orders_count_insert`.execute(db);
    await sql`drop trigger if exists orders_count_delete`.execute(db);
    await sql`
      create trigger orders_count_insert after insert on orders begin
        insert into customer_order_counts (user_id, orders, version) values (new.user_id, 1, 1)
          on conflict (user_id) do update set orders = orders + 1, version = version + 1;
      end`.execute(db);
    await sql`
      create trigger orders_count_update after update on orders begin
        update customer_order_counts set version = version + 1 where user_id in (old.user_id, new.user_id);
      end`.execute(db);
    await sql`
      create trigger orders_count_delete after delete on orders begin
        update customer_order_counts set orders = orders - 1, version = version + 1 where user_id = old.user_id;
      end`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const { pg } = dialectTypes(db);
  if (pg) {
    await sql`drop trigger if exists orders_keep_customer_counts on orders`.execute(db);
    await sql`drop function if exists customer_order_counts_keep()`.execute(db);
  } else {
    for (const name of ['orders_count_insert', 'orders_count_update', 'orders_count_delete']) await sql`drop trigger if exists ${sql.raw(name)}`.execute(db);
  }
  await createCountTriggers(db);
  await db.schema.alterTable('customer_order_counts').dropColumn('version').execute();
}
