import type { Kysely } from 'kysely';
import type { ApiKeysTable } from '../../db/schema.js';
import type { DB } from '../../db/tables.js';

export type ApiKeyRow = ApiKeysTable;

/** `api_keys` (issue 19): one row per key; only the secret's sha-256 is stored. */
export function createApiKeysRepository(db: Kysely<DB>) {
  return {
    async insert(row: ApiKeyRow): Promise<void> {
      await db.insertInto('api_keys').values(row).execute();
    },

    /** Every key, newest first (revoked ones too: the list shows them as revoked). */
    list(): Promise<ApiKeyRow[]> {
      return db.selectFrom('api_keys').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
    },

    findById(id: string): Promise<ApiKeyRow | undefined> {
      return db.selectFrom('api_keys').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** The key a bearer secret names, read on every request (so a revoke counts at once on every instance). */
    findByHash(secretHash: string): Promise<Pick<ApiKeyRow, 'id' | 'scopes' | 'revoked_at' | 'last_used_at'> | undefined> {
      return db.selectFrom('api_keys').select(['id', 'scopes', 'revoked_at', 'last_used_at']).where('secret_hash', '=', secretHash).executeTakeFirst();
    },

    /** Revokes a key once; answers whether this call revoked it. */
    async revoke(id: string, now: string): Promise<boolean> {
      const result = await db.updateTable('api_keys').set({ revoked_at: now }).where('id', '=', id).where('revoked_at', 'is', null).executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Records a use unless one was recorded since `notBefore` (at most one write a minute per key, whichever instance). */
    async touch(id: string, now: string, notBefore: string): Promise<void> {
      await db
        .updateTable('api_keys')
        .set({ last_used_at: now })
        .where('id', '=', id)
        .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', notBefore)]))
        .execute();
    },
  };
}

export type ApiKeysRepository = ReturnType<typeof createApiKeysRepository>;
