import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGroupCommit } from '../../src/db/group-commit.js';
import { createTestApp, engine, type TestApp } from '../helpers/test-app.js';

/** db/group-commit.ts on the engine under test: each unit atomic, answered only after its commit. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(async () => t.close());

const seq = (name: string) => t.database.db.selectFrom('sequences').select('value').where('name', '=', name).executeTakeFirst();

describe('group commit', () => {
  it('commits the units that succeed and rolls back only the one that throws', async () => {
    const commits = createGroupCommit(t.database.db, t.database.engine);
    const write = (name: string, fail = false) =>
      commits.run(async (trx) => {
        await trx.insertInto('sequences').values({ name, value: 1 }).execute();
        if (fail) throw new Error(`unit ${name} failed`);
        return name;
      });
    const results = await Promise.allSettled([write('gc-a'), write('gc-b', true), write('gc-c'), write('gc-a')]);
    // The two 'gc-a' units race: on SQLite the batch runs them in order, on PostgreSQL each is its
    // own concurrent transaction and either may insert first. Exactly one of them wins.
    const duplicates = [results[0]!, results[3]!];
    expect(results.map((r) => r.status).slice(1, 3)).toEqual(['rejected', 'fulfilled']);
    expect(duplicates.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    if (engine === 'sqlite') expect(results[0]!.status).toBe('fulfilled');
    // The duplicate is the database's own error (the caller decides what it means), not a batch failure.
    const loser = duplicates.find((r): r is PromiseRejectedResult => r.status === 'rejected')!;
    expect(String(loser.reason)).toMatch(/unique|duplicate/i);
    expect(await seq('gc-a')).toEqual({ value: 1 });
    expect(await seq('gc-b')).toBeUndefined();
    expect(await seq('gc-c')).toEqual({ value: 1 });
  });

  it('answers each unit only once its data is visible to every other reader', async () => {
    const commits = createGroupCommit(t.database.db, t.database.engine);
    const names = Array.from({ length: 100 }, (_, i) => `gc-many-${i}`);
    await Promise.all(
      names.map(async (name) => {
        await commits.run((trx) => trx.insertInto('sequences').values({ name, value: 7 }).execute());
        expect(await seq(name)).toEqual({ value: 7 });
      }),
    );
  });

  it('a unit alone in its batch rolls back on its own error and on a failed commit, and the next unit commits', async () => {
    const commits = createGroupCommit(t.database.db, t.database.engine);
    const thrown = commits.run(async (trx) => {
      await trx.insertInto('sequences').values({ name: 'gc-alone', value: 1 }).execute();
      throw new Error('the lone unit failed');
    });
    await expect(thrown).rejects.toThrow('the lone unit failed');
    expect(await seq('gc-alone')).toBeUndefined();
    if (engine === 'sqlite') {
      // A foreign key checked only at COMMIT (deferred): the unit succeeds, its commit fails.
      const breaker = commits.run(async (trx) => {
        await trx.insertInto('sequences').values({ name: 'gc-alone-lost', value: 1 }).execute();
        await sql`pragma defer_foreign_keys = on`.execute(trx);
        await sql`insert into "twoFactor" ("id", "secret", "backupCodes", "userId") values ('gc-2fa-alone', 's', '[]', 'no-such-user')`.execute(trx);
      });
      await expect(breaker).rejects.toThrow(/foreign key/i);
      expect(await seq('gc-alone-lost')).toBeUndefined();
    }
    expect(await commits.run(async (trx) => (await trx.insertInto('sequences').values({ name: 'gc-alone-after', value: 3 }).execute(), 'done'))).toBe('done');
    expect(await seq('gc-alone-after')).toEqual({ value: 3 });
  });

  it.runIf(engine === 'sqlite')('on SQLite, rejects every unit of a batch whose commit fails, and stores none of it', async () => {
    const commits = createGroupCommit(t.database.db, t.database.engine);
    const ok = commits.run((trx) => trx.insertInto('sequences').values({ name: 'gc-lost', value: 1 }).execute());
    // A foreign key checked only at COMMIT (deferred): the savepoint is released, the commit fails.
    const breaker = commits.run(async (trx) => {
      await sql`pragma defer_foreign_keys = on`.execute(trx);
      await sql`insert into "twoFactor" ("id", "secret", "backupCodes", "userId") values ('gc-2fa', 's', '[]', 'no-such-user')`.execute(trx);
    });
    const results = await Promise.allSettled([ok, breaker]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(String((results[0] as PromiseRejectedResult).reason)).toMatch(/foreign key/i);
    expect(await seq('gc-lost')).toBeUndefined();
    // The connection is usable afterwards: the next batch commits.
    await commits.run((trx) => trx.insertInto('sequences').values({ name: 'gc-after', value: 2 }).execute());
    expect(await seq('gc-after')).toEqual({ value: 2 });
  });
});
