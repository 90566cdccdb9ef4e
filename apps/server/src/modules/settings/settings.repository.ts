import type { Kysely, Selectable } from 'kysely';
import type { SellerSettingsTable } from '../../db/schema.js';
import type { DB } from '../../db/tables.js';

export type SellerSettingsRow = Selectable<SellerSettingsTable>;

/** The one row of `seller_settings` (issue 30). */
export const SELLER_ROW_ID = 'seller';

/** The settings module's one table (`seller_settings`, db/table-owners.ts). */
export function createSettingsRepository(db: Kysely<DB>) {
  return {
    findSeller: (): Promise<SellerSettingsRow | undefined> => db.selectFrom('seller_settings').selectAll().where('id', '=', SELLER_ROW_ID).executeTakeFirst(),

    async saveSeller(row: SellerSettingsRow): Promise<void> {
      const { id: _id, ...changes } = row;
      await db
        .insertInto('seller_settings')
        .values(row)
        .onConflict((oc) => oc.column('id').doUpdateSet(changes))
        .execute();
    },
  };
}

export type SettingsRepository = ReturnType<typeof createSettingsRepository>;
