import { sql } from 'kysely';
import { precompiled } from '../../db/precompiled.js';

/**
 * The cart repository's hot statements, each compiled once per database (db/precompiled.ts, ADR
 * 0029): a line change and a checkout run them once per line or per order.
 */
// A line change runs these once per line (a 10-line order ten times): compiled once (db/precompiled.ts, ADR 0029).
export const reopenStatement = precompiled((q, userId: string, now: string) =>
  q.updateTable('carts').set({ ordered: 0, updated_at: now }).where('user_id', '=', userId).where('ordered', '=', 1),
);
export const listStatement = precompiled((q, userId: string) =>
  q.selectFrom('cart_lines').select(['product_id', 'quantity']).where('user_id', '=', userId).orderBy('created_at', 'asc').orderBy('product_id', 'asc'),
);
export const setOneStatement = precompiled((q, userId: string, productId: string, quantity: number, now: string) =>
  q
    .insertInto('cart_lines')
    .values({ user_id: userId, product_id: productId, quantity, created_at: now, updated_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'product_id']).doUpdateSet((eb) => ({ quantity: eb.ref('excluded.quantity'), updated_at: now }))),
);
// Locking the row moves `lines_version`: a locked unit changes the lines, and a line change that
// read them before must see it moved (`setLineIf`).
export const lockStatement = precompiled((q, userId: string, now: string) =>
  q
    .insertInto('carts')
    .values({ user_id: userId, version: 0, order_id: null, ordered: 0, updated_at: now, lines_version: 1 })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ lines_version: sql<number>`carts.lines_version + 1` })),
);
export const seenStatement = precompiled((q, userId: string) => ({
  compile: () =>
    sql<{ lines_version: number | null; product_id: string | null; quantity: number | null }>`
      select c.lines_version, l.product_id, l.quantity
      from (select cast(${userId} as text) as user_id) as u
      left join carts as c on c.user_id = u.user_id
      left join cart_lines as l on l.user_id = u.user_id
      order by l.created_at asc, l.product_id asc`.compile(q),
}));
// SQLite: the two writes of \`setLineIf\`, in one relaxed unit of the group commit.
export const bumpIfStatement = precompiled((q, userId: string, seen: number, now: string) =>
  q
    .insertInto('carts')
    .values({ user_id: userId, version: 0, order_id: null, ordered: 0, updated_at: now, lines_version: 1 })
    .onConflict((oc) =>
      oc
        .column('user_id')
        .doUpdateSet({ lines_version: sql<number>`carts.lines_version + 1`, ordered: 0, updated_at: now })
        .where('carts.lines_version', '=', seen),
    )
    .returning('user_id'),
);
// PostgreSQL: the same as one statement in its own transaction (no \`begin\`/\`commit\` round trips),
// committed without waiting for the disk as a relaxed unit is (\`set_config(…, true)\` lasts until
// this statement's commit). The line is written only when the version bump was.
export const setIfStatement = precompiled((q, userId: string, seen: number, productId: string, quantity: number, now: string) => ({
  compile: () =>
    sql<{ product_id: string }>`
      with bumped as (
        insert into carts (user_id, version, order_id, ordered, updated_at, lines_version)
        values (cast(${userId} as text), 0, null, 0, cast(${now} as text), 1)
        on conflict (user_id) do update set lines_version = carts.lines_version + 1, ordered = 0, updated_at = excluded.updated_at
        where carts.lines_version = cast(${seen} as integer)
        returning user_id
      ), relaxed as (select set_config('synchronous_commit', 'off', true) as setting)
      insert into cart_lines (user_id, product_id, quantity, created_at, updated_at)
      select b.user_id, cast(${productId} as text), cast(${quantity} as integer), cast(${now} as text), cast(${now} as text)
      from bumped as b cross join relaxed as r where r.setting is not null
      on conflict (user_id, product_id) do update set quantity = excluded.quantity, updated_at = excluded.updated_at
      returning product_id`.compile(q),
}));

/**
 * PostgreSQL: a checkout's `takeIn` as one statement (one round trip in the order's unit): the
 * version bump, then the lines deleted only when the bump was. The delete sees the lines as they
 * were when the statement began, and a line updated or removed since by a committed change as it
 * is now: a change of a line the checkout read still fails the comparison (409), while a line
 * added while the statement waited on the cart's row stays in the cart, not in the order.
 */
export const takeStatement = precompiled((q, userId: string, version: number, nextVersion: number, orderId: string, now: string) => ({
  compile: () =>
    sql<{ product_id: string; quantity: number }>`
      with bumped as (
        insert into carts (user_id, version, order_id, ordered, updated_at, lines_version)
        values (cast(${userId} as text), cast(${nextVersion} as integer), cast(${orderId} as varchar(24)), 1, cast(${now} as text), 1)
        on conflict (user_id) do update set version = excluded.version, order_id = excluded.order_id, ordered = 1,
          updated_at = excluded.updated_at, lines_version = carts.lines_version + 1
        where carts.version = cast(${version} as integer)
        returning user_id
      )
      delete from cart_lines where user_id in (select user_id from bumped) returning product_id, quantity`.compile(q),
}));
