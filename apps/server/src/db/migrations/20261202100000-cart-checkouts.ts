import type { Kysely } from 'kysely';

/**
 * One order per cart (issue 28, ADR 0015): `carts` (cart module), one row per account whose cart
 * has been checked out at least once.
 *
 * - `version`: how many times the cart has become an order. A checkout bumps it inside the
 *   order's unit only if it is still the version the checkout read, so of overlapping checkouts
 *   of one cart exactly one places an order.
 * - `order_id`: the order the last checkout made (the losers' 409 names it).
 * - `ordered`: 1 from that checkout until a line is next added, so an empty cart still "is" that
 *   order (a checkout of it is answered 409 with the order, not 400 'Your cart is empty').
 *
 * No row means version 0: nothing changes for carts that have never been checked out.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('carts')
    .addColumn('user_id', 'text', (c) => c.primaryKey())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('order_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('ordered', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('carts').ifExists().execute();
}
