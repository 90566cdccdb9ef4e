import type { Kysely, Selectable } from 'kysely';
import type { WarehousesTable } from '../../db/schema.js';
import type { DB } from '../../db/tables.js';

export type WarehouseRow = Selectable<WarehousesTable>;

/** The `warehouses` table (issue 31): a shop has a few, listed whole (at most WAREHOUSES_MAX). */
export function createWarehousesRepository(db: Kysely<DB>) {
  return {
    list(): Promise<WarehouseRow[]> {
      // The default first, then by code: the order every list and form shows them in.
      return db.selectFrom('warehouses').selectAll().orderBy('is_default', 'desc').orderBy('code').execute();
    },

    findById(id: string): Promise<WarehouseRow | undefined> {
      return db.selectFrom('warehouses').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async count(): Promise<number> {
      const row = await db
        .selectFrom('warehouses')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async insert(row: WarehouseRow): Promise<void> {
      await db.insertInto('warehouses').values(row).execute();
    },

    async update(id: string, values: Partial<Omit<WarehouseRow, 'id' | 'is_default' | 'created_at'>>): Promise<boolean> {
      const result = await db.updateTable('warehouses').set(values).where('id', '=', id).executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
  };
}

export type WarehousesRepository = ReturnType<typeof createWarehousesRepository>;
