import type { Kysely } from 'kysely';
import type { DB } from '../../db/tables.js';

export function createUploadsRepository(db: Kysely<DB>) {
  return {
    async usage(userId: string): Promise<{ files: number; bytes: number }> {
      const row = await db
        .selectFrom('uploads')
        .select((eb) => [eb.fn.countAll<number>().as('files'), eb.fn.sum<number>('bytes').as('bytes')])
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      return { files: Number(row.files), bytes: Number(row.bytes ?? 0) };
    },
    async owns(userId: string, key: string): Promise<boolean> {
      return (await db.selectFrom('uploads').select('key').where('user_id', '=', userId).where('key', '=', key).executeTakeFirst()) !== undefined;
    },
    /** Records (or refreshes: the sweep's grace period starts again) that `userId` uploaded `key`. */
    async record(userId: string, key: string, bytes: number, now: string): Promise<void> {
      await db
        .insertInto('uploads')
        .values({ user_id: userId, key, bytes, created_at: now })
        .onConflict((oc) => oc.columns(['user_id', 'key']).doUpdateSet({ created_at: now }))
        .execute();
    },
    async forget(key: string): Promise<void> {
      await db.deleteFrom('uploads').where('key', '=', key).execute();
    },
    /** Keys recorded before `before` (oldest first): candidates for the orphan sweep. */
    async keysRecordedBefore(before: string, limit: number): Promise<string[]> {
      const rows = await db.selectFrom('uploads').select('key').where('created_at', '<', before).groupBy('key').orderBy('key').limit(limit).execute();
      return rows.map((r) => r.key);
    },
  };
}

export type UploadsRepository = ReturnType<typeof createUploadsRepository>;
