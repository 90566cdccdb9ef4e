import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, customPlansOf } from '../../src/db/database.js';
import { createGroupCommit } from '../../src/db/group-commit.js';
import { precompiled } from '../../src/db/precompiled.js';
import { createTestApp, engine, type TestApp } from '../helpers/test-app.js';

/**
 * Issue 29 (ADR 0029): a cart's lines commit without waiting for the disk, everything else
 * durably; on PostgreSQL statements are prepared by their text, except those whose columns come
 * from the table as it is now.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(async () => t.close());

describe('a relaxed unit of the group commit', () => {
  const synchronousNow = async () =>
    engine === 'sqlite'
      ? Number((await sql<{ synchronous: number }>`pragma synchronous`.execute(t.database.db)).rows[0]!.synchronous)
      : (await sql<{ s: string }>`select current_setting('synchronous_commit') as s`.execute(t.database.db)).rows[0]!.s;

  it('commits its work with the commit relaxed, and leaves the connection durable after it, also when it throws', async () => {
    const commits = createGroupCommit(t.database.db, t.database.engine);
    const relaxed = <T>(work: Parameters<typeof commits.run<T>>[0]) => commits.run(work, { relaxed: true });
    const before = await synchronousNow();
    if (engine === 'sqlite') expect(before).toBe(2); // FULL
    const inside = await relaxed(async (trx) => {
      await trx
        .insertInto('carts')
        .values({ user_id: 'relaxed-probe', version: 0, order_id: null, ordered: 0, updated_at: new Date().toISOString() })
        .execute();
      return engine === 'sqlite'
        ? Number((await sql<{ synchronous: number }>`pragma synchronous`.execute(trx)).rows[0]!.synchronous)
        : (await sql<{ s: string }>`select current_setting('synchronous_commit') as s`.execute(trx)).rows[0]!.s;
    });
    expect(inside).toBe(engine === 'sqlite' ? 1 : 'off'); // NORMAL
    expect(await synchronousNow()).toBe(before);
    expect(await t.database.db.selectFrom('carts').select('user_id').where('user_id', '=', 'relaxed-probe').executeTakeFirst()).toBeDefined();

    await expect(
      relaxed(async (trx) => {
        await trx.updateTable('carts').set({ version: 7 }).where('user_id', '=', 'relaxed-probe').execute();
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await synchronousNow()).toBe(before);
    // With a durable unit in the same batch, the batch commits durably.
    if (engine === 'sqlite') {
      const [durable, relaxedToo] = await Promise.all([
        commits.run(async (trx) => Number((await sql<{ synchronous: number }>`pragma synchronous`.execute(trx)).rows[0]!.synchronous)),
        relaxed(async (trx) => Number((await sql<{ synchronous: number }>`pragma synchronous`.execute(trx)).rows[0]!.synchronous)),
      ]);
      expect([durable, relaxedToo]).toEqual([2, 2]);
    }
    const row = await t.database.db.selectFrom('carts').select('version').where('user_id', '=', 'relaxed-probe').executeTakeFirstOrThrow();
    expect(Number(row.version)).toBe(0);
  });
});

describe.skipIf(engine !== 'postgres')('prepared statements on PostgreSQL', () => {
  it('names a statement of named columns, not one of `select *`, and neither fails after another instance adds a column', async () => {
    await t.database.db.connection().execute(async (conn) => {
      const named = () => conn.selectFrom('carts').select(['user_id', 'version']).where('user_id', '=', 'nobody').execute();
      const all = () => conn.selectFrom('carts').selectAll().where('user_id', '=', 'nobody').execute();
      await named();
      await all();
      const prepared = (await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(conn)).rows.map((r) => r.statement);
      expect(prepared.some((s) => s.includes('select "user_id", "version" from "carts"'))).toBe(true);
      expect(prepared.some((s) => s.includes('select * from "carts"'))).toBe(false);
      // A migration of another instance, on another connection.
      await sql`alter table carts add column probe_column text`.execute(t.database.db);
      try {
        await expect(named()).resolves.toEqual([]);
        await expect(all()).resolves.toEqual([]);
      } finally {
        await sql`alter table carts drop column probe_column`.execute(t.database.db);
      }
    });
  });
});

describe.skipIf(engine !== 'postgres')('custom plans on PostgreSQL', () => {
  it('a statement of the custom-plan instance (the catalogue’s) is never prepared; the same text through the database is', async () => {
    const single = createDatabase(t.config, { poolSize: 1 });
    try {
      const query = (db: typeof single.db) => db.selectFrom('carts').select(['user_id', 'ordered']).where('user_id', '=', 'custom-plan-probe').execute();
      await query(customPlansOf(single.db));
      const prepared = async () =>
        (await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(single.db)).rows.filter((r) =>
          r.statement.includes('select "user_id", "ordered" from "carts"'),
        );
      expect(await prepared()).toEqual([]);
      await query(single.db);
      expect(await prepared()).toHaveLength(1);
      // The pool's sessions run PostgreSQL's default plan cache mode: a named statement may keep a generic plan.
      expect((await sql<{ mode: string }>`select current_setting('plan_cache_mode') as mode`.execute(single.db)).rows[0]!.mode).toBe('auto');
    } finally {
      await single.close();
    }
  });
});

describe('a precompiled statement (db/precompiled.ts)', () => {
  const upsert = precompiled((q, userId: string, version: number, now: string) =>
    q
      .insertInto('carts')
      .values({ user_id: userId, version, order_id: null, ordered: 0, updated_at: now })
      .onConflict((oc) => oc.column('user_id').doUpdateSet((eb) => ({ version: eb.ref('excluded.version'), updated_at: now }))),
  );
  const byUser = precompiled((q, userId: string) => q.selectFrom('carts').select(['user_id', 'version', 'ordered']).where('user_id', '=', userId));

  it('runs with each call’s values, on the database and inside a transaction, as Kysely’s own statement answers', async () => {
    const db = t.database.db;
    await upsert(db, 'precompiled-a', 3, '2026-01-01T00:00:00.000Z');
    await upsert(db, 'precompiled-b', 5, '2026-01-02T00:00:00.000Z');
    await db.transaction().execute(async (trx) => {
      await upsert(trx, 'precompiled-a', 4, '2026-01-03T00:00:00.000Z');
      expect((await byUser(trx, 'precompiled-a')).rows).toEqual([{ user_id: 'precompiled-a', version: 4, ordered: 0 }]);
    });
    for (const user of ['precompiled-a', 'precompiled-b', 'nobody'])
      expect((await byUser(db, user)).rows).toEqual(
        await db.selectFrom('carts').select(['user_id', 'version', 'ordered']).where('user_id', '=', user).execute(),
      );
    const a = await db.selectFrom('carts').select(['version', 'updated_at']).where('user_id', '=', 'precompiled-a').executeTakeFirstOrThrow();
    expect([Number(a.version), a.updated_at]).toEqual([4, '2026-01-03T00:00:00.000Z']);
  });

  it('refuses a builder that does not bind every parameter as a value', async () => {
    const unbound = precompiled((q, userId: string, _unused: string) => q.selectFrom('carts').select('user_id').where('user_id', '=', userId));
    await expect(unbound(t.database.db, 'x', 'y')).rejects.toThrow(/binds 1 of its 2 parameters/);
  });
});
