import type { Kysely, Transaction } from 'kysely';
import { deferWrite } from '../../db/deferred-writes.js';
import { precompiled } from '../../db/precompiled.js';
import type { DB } from '../../db/tables.js';

export interface ProfileDetails {
  user_id: string;
  address: string | null;
  phone: string | null;
  url: string | null;
  /** JSON text of the last checkout's address. */
  shipping_address: string | null;
}

const DETAILS = ['user_id', 'address', 'phone', 'url', 'shipping_address'] as const;

// Every checkout remembers its ship-to: compiled once (ADR 0029).
const shippingAddressStatement = precompiled((q, userId: string, address: string, now: string) =>
  q
    .insertInto('profiles')
    .values({ user_id: userId, address: '', phone: '', url: '', shipping_address: address, updated_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ shipping_address: address, updated_at: now })),
);

/** The `profiles` table: an account's address, phone and link (the account itself is the users module's). */
export function createProfilesRepository(db: Kysely<DB>) {
  return {
    findByUserId(userId: string): Promise<ProfileDetails | undefined> {
      return db.selectFrom('profiles').select(DETAILS).where('user_id', '=', userId).executeTakeFirst();
    },
    findByUserIds(userIds: readonly string[]): Promise<ProfileDetails[]> {
      if (userIds.length === 0) return Promise.resolve([]);
      return db.selectFrom('profiles').select(DETAILS).where('user_id', 'in', userIds).execute();
    },
    async upsert(userId: string, values: { address: string; phone: string; url: string }, now: string): Promise<void> {
      await db
        .insertInto('profiles')
        .values({ user_id: userId, ...values, updated_at: now })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...values, updated_at: now }))
        .execute();
    },
    /** Inside the caller's transaction (the checkout's order): the address it shipped to. */
    async setShippingAddressIn(trx: Transaction<DB>, userId: string, address: string, now: string): Promise<void> {
      // Nothing in the checkout's unit reads it back: it goes with the unit's next statement (ADR 0029).
      await deferWrite(trx, 'profiles', shippingAddressStatement.compile(trx, userId, address, now));
    },
    /** Inside the caller's transaction (the account's removal). */
    async deleteIn(trx: Transaction<DB>, userId: string): Promise<void> {
      await trx.deleteFrom('profiles').where('user_id', '=', userId).execute();
    },
  };
}

export type ProfilesRepository = ReturnType<typeof createProfilesRepository>;
