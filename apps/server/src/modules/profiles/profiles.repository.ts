import type { Kysely } from 'kysely';
import type { DB } from '../../db/tables.js';

export interface ProfileRow {
  id: string;
  email: string;
  name: string;
  image: string | null;
  address: string | null;
  phone: string | null;
  url: string | null;
}

export function createProfilesRepository(db: Kysely<DB>) {
  const base = () =>
    db
      .selectFrom('user')
      .leftJoin('profiles', 'profiles.user_id', 'user.id')
      .select([
        'user.id as id',
        'user.email as email',
        'user.name as name',
        'user.image as image',
        'profiles.address as address',
        'profiles.phone as phone',
        'profiles.url as url',
      ]);
  return {
    findByUserId(userId: string): Promise<ProfileRow | undefined> {
      return base().where('user.id', '=', userId).executeTakeFirst();
    },
    listAll(offset: number, limit: number): Promise<ProfileRow[]> {
      return base().orderBy('user.email', 'asc').limit(limit).offset(offset).execute();
    },
    async countAll(): Promise<number> {
      const row = await db
        .selectFrom('user')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    async upsert(userId: string, values: { address: string; phone: string; url: string }, now: string): Promise<void> {
      await db
        .insertInto('profiles')
        .values({ user_id: userId, ...values, updated_at: now })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...values, updated_at: now }))
        .execute();
    },
    async setUserImage(userId: string, image: string, now: string): Promise<void> {
      await db.updateTable('user').set({ image, updatedAt: now }).where('id', '=', userId).execute();
    },
  };
}

export type ProfilesRepository = ReturnType<typeof createProfilesRepository>;
