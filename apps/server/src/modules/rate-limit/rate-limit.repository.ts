import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/tables.js';

/**
 * Fixed-window counters in `rate_limits` (key, count, window_start in ms). Every instance shares
 * them through the database, so several instances on one PostgreSQL agree on the limits.
 */
export function createRateLimitRepository(db: Kysely<DB>) {
  return {
    /** Adds one to the key's counter (a new window when the old one ended) and answers the new count. */
    async hit(key: string, windowMs: number, now: number): Promise<{ count: number; windowStart: number }> {
      const stale = now - windowMs;
      const row = await db
        .insertInto('rate_limits')
        .values({ key, count: 1, window_start: now })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            count: sql<number>`case when "rate_limits"."window_start" <= ${stale} then 1 else "rate_limits"."count" + 1 end`,
            window_start: sql<number>`case when "rate_limits"."window_start" <= ${stale} then ${now} else "rate_limits"."window_start" end`,
          }),
        )
        .returning(['count', 'window_start'])
        .executeTakeFirstOrThrow();
      return { count: Number(row.count), windowStart: Number(row.window_start) };
    },
    /** The key's count in its current window (0 when none or ended). */
    async current(key: string, windowMs: number, now: number): Promise<{ count: number; windowStart: number }> {
      const row = await db.selectFrom('rate_limits').select(['count', 'window_start']).where('key', '=', key).executeTakeFirst();
      if (!row || Number(row.window_start) <= now - windowMs) return { count: 0, windowStart: now };
      return { count: Number(row.count), windowStart: Number(row.window_start) };
    },
    /** Gives back one event counted by `hit` (never below zero). */
    async unhit(key: string): Promise<void> {
      await db
        .updateTable('rate_limits')
        .set({ count: sql<number>`"count" - 1` })
        .where('key', '=', key)
        .where('count', '>', 0)
        .execute();
    },
    async clear(key: string): Promise<void> {
      await db.deleteFrom('rate_limits').where('key', '=', key).execute();
    },
    /** Drops counters whose window started before `cutoff` (housekeeping). */
    async purgeBefore(cutoff: number): Promise<number> {
      const res = await db.deleteFrom('rate_limits').where('window_start', '<', cutoff).executeTakeFirst();
      return Number(res.numDeletedRows);
    },
  };
}

export type RateLimitRepository = ReturnType<typeof createRateLimitRepository>;
