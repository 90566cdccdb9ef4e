import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deferWrite } from '../../src/db/deferred-writes.js';
import type { DB } from '../../src/db/tables.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

/**
 * Issue 29 (ADR 0029): a write nobody reads back waits for the unit's next statement on
 * PostgreSQL (several go as one statement); the unit sees it as if it had been sent at once.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(async () => t.close());

const event = (q: Kysely<DB>, id: string, subject: string) =>
  q.insertInto('events').values({ id, type: 'probe', subject_id: subject, actor: null, at: new Date().toISOString(), detail: null }).compile();
const subjects = async (subject: string) =>
  (await t.database.db.selectFrom('events').select('id').where('subject_id', '=', subject).orderBy('id').execute()).map((r) => r.id);

describe('deferred writes', () => {
  it('are seen by the unit’s next statement and committed with it, two to one table too', async () => {
    const seen = await t.database.db.transaction().execute(async (trx) => {
      await deferWrite(trx, 'events', event(trx, 'dw-a1', 'dw-a'));
      await deferWrite(trx, 'events', event(trx, 'dw-a2', 'dw-a'));
      await deferWrite(
        trx,
        'carts',
        trx.insertInto('carts').values({ user_id: 'dw-a', version: 0, order_id: null, ordered: 0, updated_at: new Date().toISOString() }).compile(),
      );
      return (await trx.selectFrom('events').select('id').where('subject_id', '=', 'dw-a').orderBy('id').execute()).map((r) => r.id);
    });
    expect(seen).toEqual(['dw-a1', 'dw-a2']);
    expect(await subjects('dw-a')).toEqual(['dw-a1', 'dw-a2']);
    expect(await t.database.db.selectFrom('carts').select('user_id').where('user_id', '=', 'dw-a').executeTakeFirst()).toBeDefined();
  });

  it('are committed when the unit’s last statements', async () => {
    await t.database.db.transaction().execute(async (trx) => {
      await deferWrite(trx, 'events', event(trx, 'dw-b1', 'dw-b'));
    });
    expect(await subjects('dw-b')).toEqual(['dw-b1']);
  });

  it('roll back with the unit, and a failing one fails the unit', async () => {
    await expect(
      t.database.db.transaction().execute(async (trx) => {
        await deferWrite(trx, 'events', event(trx, 'dw-c1', 'dw-c'));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await subjects('dw-c')).toEqual([]);
    // The same id again: the primary key fails the write, at the commit at the latest, and the unit with it.
    await expect(
      t.database.db.transaction().execute(async (trx) => {
        await trx.insertInto('events').values({ id: 'dw-d1', type: 'probe', subject_id: 'dw-d', actor: null, at: 'x', detail: null }).execute();
        await deferWrite(trx, 'events', event(trx, 'dw-d1', 'dw-d'));
      }),
    ).rejects.toThrow();
    expect(await subjects('dw-d')).toEqual([]);
    // The connection is usable afterwards (nothing left deferred on it).
    await t.database.db.transaction().execute(async (trx) => {
      await deferWrite(trx, 'events', event(trx, 'dw-e1', 'dw-e'));
    });
    expect(await subjects('dw-e')).toEqual(['dw-e1']);
  });
});
