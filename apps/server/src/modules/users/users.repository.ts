import { sql, type Kysely } from 'kysely';
import type { Engine } from '../../db/database.js';
import type { DB } from '../../db/tables.js';

const columns = ['id', 'email', 'name', 'role', 'emailVerified', 'createdAt'] as const;

function likePattern(q: string): string {
  return `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function createUsersRepository(db: Kysely<DB>, engine: Engine = 'sqlite') {
  function filtered(q: string | undefined) {
    let query = db.selectFrom('user');
    if (q) query = query.where(sql<boolean>`(lower("email") like ${likePattern(q)} escape '\\' or lower("name") like ${likePattern(q)} escape '\\')`);
    return query;
  }
  return {
    findByEmail(email: string) {
      return db.selectFrom('user').select(columns).where('email', '=', email.toLowerCase()).executeTakeFirst();
    },
    findById(id: string) {
      return db.selectFrom('user').select(columns).where('id', '=', id).executeTakeFirst();
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
        if (engine === 'postgres') await trx.selectFrom('user').select('id').where('role', '=', 'admin').forUpdate().execute();
        const target = await trx.selectFrom('user').select('role').where('id', '=', id).executeTakeFirst();
        if (target?.role !== 'admin') return 0;
        const row = await trx
          .selectFrom('user')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('role', '=', 'admin')
          .executeTakeFirstOrThrow();
        if (Number(row.n) <= 1) return 'last-admin';
        const result = await trx
          .updateTable('user')
          .set({ role: 'customer', updatedAt: new Date().toISOString() })
          .where('id', '=', id)
          .where('role', '=', 'admin')
          .executeTakeFirst();
        return Number(result.numUpdatedRows);
      });
    },
    /**
     * Removes the user with their sessions, accounts and profile (the two-factor secret goes by cascade) in one
     * transaction; the last admin is never removed (checked inside it). Orders are not touched.
     */
    async deleteUnlessLastAdmin(id: string): Promise<'deleted' | 'last-admin'> {
      return db.transaction().execute(async (trx) => {
        const target = await trx.selectFrom('user').select('role').where('id', '=', id).executeTakeFirst();
        if (target?.role === 'admin') {
          // PostgreSQL: lock the admin rows so two admins removing each other cannot both pass the
          // check. SQLite serialises write transactions already.
          if (engine === 'postgres') await trx.selectFrom('user').select('id').where('role', '=', 'admin').forUpdate().execute();
          const row = await trx
            .selectFrom('user')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('role', '=', 'admin')
            .executeTakeFirstOrThrow();
          if (Number(row.n) <= 1) return 'last-admin';
        }
        await trx.deleteFrom('profiles').where('user_id', '=', id).execute();
        await trx.deleteFrom('session').where('userId', '=', id).execute();
        await trx.deleteFrom('account').where('userId', '=', id).execute();
        await trx.deleteFrom('user').where('id', '=', id).execute();
        return 'deleted';
      });
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
