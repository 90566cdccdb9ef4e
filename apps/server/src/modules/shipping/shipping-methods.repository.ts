import type { Kysely, Selectable } from 'kysely';
import type { ShippingMethodsTable } from '../../db/schema.js';
import type { DB } from '../../db/tables.js';

export type ShippingMethodRow = Selectable<ShippingMethodsTable>;

/** The `shipping_methods` table (issue 30): a shop has a few, read and written whole. */
export function createShippingMethodsRepository(db: Kysely<DB>) {
  return {
    list(): Promise<ShippingMethodRow[]> {
      return db.selectFrom('shipping_methods').selectAll().orderBy('position').execute();
    },

    /** `PUT /api/shipping/methods`: the set replaced in one transaction. */
    async replace(rows: readonly ShippingMethodRow[]): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('shipping_methods').execute();
        if (rows.length)
          await trx
            .insertInto('shipping_methods')
            .values([...rows])
            .execute();
      });
    },
  };
}

export type ShippingMethodsRepository = ReturnType<typeof createShippingMethodsRepository>;
