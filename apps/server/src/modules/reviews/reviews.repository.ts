import type { Kysely, Selectable } from 'kysely';
import type { ReviewsTable } from '../../db/schema.js';
import type { DB } from '../../db/tables.js';

export type ReviewRow = Selectable<ReviewsTable>;

export function createReviewsRepository(db: Kysely<DB>) {
  return {
    list(offset: number, limit: number): Promise<ReviewRow[]> {
      return db.selectFrom('reviews').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute();
    },
    async count(): Promise<number> {
      const row = await db
        .selectFrom('reviews')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    async countByUser(userId: string): Promise<number> {
      const row = await db
        .selectFrom('reviews')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    async insert(row: ReviewRow): Promise<void> {
      await db.insertInto('reviews').values(row).execute();
    },
    async imageInUse(url: string): Promise<boolean> {
      return (await db.selectFrom('reviews').select('id').where('img', '=', url).limit(1).executeTakeFirst()) !== undefined;
    },
    async delete(id: string): Promise<boolean> {
      const res = await db.deleteFrom('reviews').where('id', '=', id).executeTakeFirst();
      return Number(res.numDeletedRows) > 0;
    },
  };
}

export type ReviewsRepository = ReturnType<typeof createReviewsRepository>;
