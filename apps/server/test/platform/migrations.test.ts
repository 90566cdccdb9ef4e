import { Migrator, NO_MIGRATIONS, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../src/db/migrate.js';
import { migrations } from '../../src/db/migrations/index.js';
import { signUp } from '../helpers/factories.js';
import { createTestApp, engine, type TestApp } from '../helpers/test-app.js';

/** Every migration's `down` undoes its `up` on the engine under test, and the way back up works. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(async () => t.close());

const migrator = () => new Migrator({ db: t.database.db, provider: { getMigrations: async () => migrations }, allowUnorderedMigrations: true });

async function triggers(): Promise<string[]> {
  const rows =
    engine === 'postgres'
      ? await sql<{ name: string }>`select tgname as name from pg_trigger where not tgisinternal order by tgname`.execute(t.database.db)
      : await sql<{ name: string }>`select name from sqlite_master where type = 'trigger' order by name`.execute(t.database.db);
  return rows.rows.map((r) => r.name);
}

describe('migrations', () => {
  it('go down one by one to nothing and back up to the same schema', async () => {
    const atLatest = await triggers();
    const down = await migrator().migrateTo(NO_MIGRATIONS);
    expect(down.error).toBeUndefined();
    expect(down.results?.every((r) => r.status === 'Success')).toBe(true);
    expect(down.results).toHaveLength(Object.keys(migrations).length);
    expect(await triggers()).toEqual([]);
    await migrateToLatest(t.database);
    expect(await triggers()).toEqual(atLatest);
  });

  it('stepping back over the order versions keeps the counts kept by triggers', async () => {
    // Signed up first: better-auth checks its own tables' columns, and the session's `punchoutId`
    // (issue 32) is a later migration's, so it cannot sign anyone up on the older schema.
    await signUp(t.app);
    const step = await migrator().migrateTo('20261123100000-customer-order-counts');
    expect(step.results?.at(-1)).toMatchObject({ migrationName: '20261123200000-customer-order-versions', status: 'Success' });
    const [user] = await t.database.db.selectFrom('user').select('id').execute();
    await sql`insert into orders (id, product_id, product_name, product_img, unit_price_cents, quantity, total_cents, user_id, user_email, status, created_at, updated_at)
              values ('m1', 'p1', 'Part', '/x.webp', 100, 50, 5000, ${user!.id}, 'm@example.com', 'pending', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')`.execute(
      t.database.db,
    );
    const count = await sql<{ orders: number }>`select orders from customer_order_counts where user_id = ${user!.id}`.execute(t.database.db);
    expect(Number(count.rows[0]!.orders)).toBe(1);
    await migrateToLatest(t.database);
    const kept = await t.database.db
      .selectFrom('customer_order_counts')
      .select(['orders', 'version'])
      .where('user_id', '=', user!.id)
      .executeTakeFirstOrThrow();
    expect(Number(kept.orders)).toBe(1);
    // An order from before order numbers gets one on the way up (20261124000000).
    const numbered = await t.database.db.selectFrom('orders').select('order_number').where('id', '=', 'm1').executeTakeFirstOrThrow();
    expect(Number(numbered.order_number)).toBe(1);
    // ...and the timeline step its columns prove, by its buyer (20261203000000-events).
    const events = await t.database.db.selectFrom('events').select(['type', 'actor', 'at']).where('subject_id', '=', 'm1').execute();
    expect(events).toEqual([{ type: 'order.placed', actor: user!.id, at: '2026-01-01T00:00:00.000Z' }]);
  });

  it('issue 30: unit prices become 1/10,000 dollar, every existing price keeping its value, and back', async () => {
    // The order from the test before was placed at 100 cents a piece: its line and the order say $1.00 still.
    const line = await t.database.db
      .selectFrom('order_lines')
      .select(['unit_price_e4', 'line_total_cents'])
      .where('order_id', '=', 'm1')
      .executeTakeFirstOrThrow();
    expect([Number(line.unit_price_e4), Number(line.line_total_cents)]).toEqual([10_000, 5000]);
    await migrator().migrateTo('20261223000000-returns');
    const at = '2026-01-01T00:00:00.000Z';
    await sql`insert into products (id, position, name, name_lower, description, price_cents, minimum_order_quantity, available_quantity, img, archived,
              created_at, updated_at, sku, brand, category, attributes, images, price_tiers)
              values ('p-mig', 1, 'Nut', 'nut', '', 9, 1, 10, '/x.webp', 0, ${at}, ${at}, 'NUT-MIG', '', null, '{}', '["/x.webp"]',
              '[{"minQuantity":200,"priceCents":7}]')`.execute(t.database.db);
    await migrateToLatest(t.database);
    const product = await t.database.db.selectFrom('products').select(['price_e4', 'price_tiers']).where('id', '=', 'p-mig').executeTakeFirstOrThrow();
    expect(Number(product.price_e4)).toBe(900);
    expect(JSON.parse(product.price_tiers)).toEqual([{ minQuantity: 200, priceE4: 700 }]);
    const order = await t.database.db.selectFrom('orders').select('unit_price_e4').where('id', '=', 'm1').executeTakeFirstOrThrow();
    expect(Number(order.unit_price_e4)).toBe(10_000);
  });
});
