import type { Kysely, Transaction } from 'kysely';
import type { Engine } from '../../db/database.js';
import { anyColumnContains } from '../../db/query-helpers.js';
import type { DB } from '../../db/tables.js';

const columns = ['id', 'email', 'name', 'role', 'emailVerified', 'createdAt'] as const;
const identityColumns = ['id', 'email', 'name', 'image'] as const;

/** Who an account is, as profiles and invoices show it. */
export interface UserIdentity {
  id: string;
  email: string;
  name: string;
  image: string | null;
}

/**
 * The accounts module's tables: better-auth's `user`, `session`, `account` (its adapter writes
 * them too, see modules/auth/auth.ts); every query we write on them is here (db/table-owners.ts).
 */
export function createUsersRepository(db: Kysely<DB>, engine: Engine = 'sqlite') {
  /**
   * How many admins there are, counted inside `trx`. On PostgreSQL the admin rows are locked first,
   * so two admins demoting or removing each other cannot both pass a "not the last admin" check;
   * SQLite serialises write transactions already.
   */
  async function lockAdmins(trx: Transaction<DB>): Promise<number> {
    if (engine === 'postgres') await trx.selectFrom('user').select('id').where('role', '=', 'admin').forUpdate().execute();
    const row = await trx
      .selectFrom('user')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('role', '=', 'admin')
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  function filtered(q: string | undefined) {
    let query = db.selectFrom('user');
    if (q) query = query.where(anyColumnContains(['email', 'name'], q));
    return query;
  }
  return {
    findByEmail(email: string) {
      return db.selectFrom('user').select(columns).where('email', '=', email.toLowerCase()).executeTakeFirst();
    },
    findById(id: string) {
      return db.selectFrom('user').select(columns).where('id', '=', id).executeTakeFirst();
    },
    findIdentity(id: string): Promise<UserIdentity | undefined> {
      return db.selectFrom('user').select(identityColumns).where('id', '=', id).executeTakeFirst();
    },
    /** These accounts (companies: members' names and emails), in no particular order; unknown ids are left out. */
    findIdentities(ids: readonly string[]): Promise<UserIdentity[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return db.selectFrom('user').select(identityColumns).where('id', 'in', ids).execute();
    },
    /** Every account by email (the admins' profile list). */
    listIdentities(offset: number, limit: number): Promise<UserIdentity[]> {
      return db.selectFrom('user').select(identityColumns).orderBy('email', 'asc').limit(limit).offset(offset).execute();
    },
    async setImage(id: string, image: string, now: string): Promise<void> {
      await db.updateTable('user').set({ image, updatedAt: now }).where('id', '=', id).execute();
    },
    async imageInUse(url: string): Promise<boolean> {
      return (await db.selectFrom('user').select('id').where('image', '=', url).limit(1).executeTakeFirst()) !== undefined;
    },
    /** The admins' addresses (who is told about a new request for quote), at most `limit`. */
    async adminEmails(limit: number): Promise<string[]> {
      const rows = await db.selectFrom('user').select('email').where('role', '=', 'admin').orderBy('email').limit(limit).execute();
      return rows.map((r) => r.email);
    },
    findRoleState(id: string) {
      return db.selectFrom('user').select(['email', 'role', 'emailVerified']).where('id', '=', id).executeTakeFirst();
    },
    async setRole(id: string, role: string): Promise<void> {
      await db.updateTable('user').set({ role }).where('id', '=', id).execute();
    },
    list(q: string | undefined, offset: number, limit: number) {
      return filtered(q).select(columns).orderBy('createdAt', 'desc').orderBy('id', 'asc').limit(limit).offset(offset).execute();
    },
    async count(q: string | undefined): Promise<number> {
      const row = await filtered(q)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    /** Sets the role unless it is already admin; answers how many rows changed (0 or 1). */
    async promote(id: string): Promise<number> {
      const result = await db
        .updateTable('user')
        .set({ role: 'admin', updatedAt: new Date().toISOString() })
        .where('id', '=', id)
        .where((eb) => eb.or([eb('role', 'is', null), eb('role', '!=', 'admin')]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
    /**
     * Makes an admin a customer again, in one transaction that keeps at least one admin (the same
     * check and lock as removal). Answers how many rows changed, or 'last-admin'.
     */
    async demoteUnlessLastAdmin(id: string): Promise<number | 'last-admin'> {
      return db.transaction().execute(async (trx) => {
        const admins = await lockAdmins(trx);
        const target = await trx.selectFrom('user').select('role').where('id', '=', id).executeTakeFirst();
        if (target?.role !== 'admin') return 0;
        if (admins <= 1) return 'last-admin';
        const result = await trx
          .updateTable('user')
          .set({ role: 'customer', updatedAt: new Date().toISOString() })
          .where('id', '=', id)
          .where('role', '=', 'admin')
          .executeTakeFirst();
        return Number(result.numUpdatedRows);
      });
    },
    /** Whether `id` is an admin and the last one, in the caller's transaction (the admins' rows locked until it ends). */
    async isLastAdminIn(trx: Transaction<DB>, id: string): Promise<boolean> {
      const target = await trx.selectFrom('user').select('role').where('id', '=', id).executeTakeFirst();
      return target?.role === 'admin' && (await lockAdmins(trx)) <= 1;
    },

    /**
     * Removes the user with their sessions and accounts (the two-factor secret goes by cascade) in
     * the caller's transaction. Orders are not touched.
     */
    async deleteIn(trx: Transaction<DB>, id: string): Promise<void> {
      await trx.deleteFrom('session').where('userId', '=', id).execute();
      await trx.deleteFrom('account').where('userId', '=', id).execute();
      await trx.deleteFrom('user').where('id', '=', id).execute();
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
