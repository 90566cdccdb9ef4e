import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Engine } from '../../db/database.js';
import type { CarriersTable, ShipmentLinesTable, ShipmentsTable } from '../../db/schema.js';
import type { DB } from '../../db/tables.js';

export type ShipmentRow = Selectable<ShipmentsTable>;
export type ShipmentLineRow = Selectable<ShipmentLinesTable>;
export type CarrierRow = Selectable<CarriersTable>;

/** Issue 31: shipments, their lines and the carriers' tracking templates (shipments module). */
export function createShipmentsRepository(db: Kysely<DB>, engine: Engine) {
  const linesOf = (ids: readonly string[], trx?: Transaction<DB>): Promise<ShipmentLineRow[]> =>
    ids.length === 0
      ? Promise.resolve([])
      : (trx ?? db).selectFrom('shipment_lines').selectAll().where('shipment_id', 'in', ids).orderBy('shipment_id').orderBy('line_no').execute();

  return {
    /**
     * Inserts the shipment and its lines in the unit and answers its number: PostgreSQL's sequence
     * (the column's default), SQLite's next after the highest, read in this statement by the one
     * writer (as orders are numbered).
     */
    async insertIn(trx: Transaction<DB>, shipment: Omit<ShipmentRow, 'shipment_number'>, lines: readonly ShipmentLineRow[]): Promise<number> {
      const inserted = await trx
        .insertInto('shipments')
        .values(engine === 'sqlite' ? { ...shipment, shipment_number: sql<number>`(select coalesce(max(shipment_number), 0) + 1 from shipments)` } : shipment)
        .returning('shipment_number')
        .executeTakeFirstOrThrow();
      await trx.insertInto('shipment_lines').values(lines).execute();
      return Number(inserted.shipment_number);
    },

    /** An order's shipments, oldest first, with their lines. */
    async ofOrder(orderId: string, trx?: Transaction<DB>): Promise<{ rows: ShipmentRow[]; lines: ShipmentLineRow[] }> {
      const rows = await (trx ?? db).selectFrom('shipments').selectAll().where('order_id', '=', orderId).orderBy('shipment_number').execute();
      return {
        rows,
        lines: await linesOf(
          rows.map((r) => r.id),
          trx,
        ),
      };
    },

    async findById(id: string, trx?: Transaction<DB>): Promise<{ row: ShipmentRow; lines: ShipmentLineRow[] } | undefined> {
      const row = await (trx ?? db).selectFrom('shipments').selectAll().where('id', '=', id).executeTakeFirst();
      return row && { row, lines: await linesOf([id], trx) };
    },

    /** Marks the shipment delivered in the unit, only if it was not yet; whether it did. */
    async markDeliveredIn(trx: Transaction<DB>, id: string, at: string): Promise<boolean> {
      const result = await trx.updateTable('shipments').set({ delivered_at: at }).where('id', '=', id).where('delivered_at', 'is', null).executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** How many of the order's shipments are not delivered, as the unit sees them. */
    async undeliveredIn(trx: Transaction<DB>, orderId: string): Promise<number> {
      const row = await trx
        .selectFrom('shipments')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('order_id', '=', orderId)
        .where('delivered_at', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Issue 31: when the order's pieces last arrived: its latest shipment's delivery, else its shipping (null: none shipped). */
    async lastActivity(orderId: string): Promise<string | null> {
      const row = await db
        .selectFrom('shipments')
        .select(sql<string | null>`max(coalesce(delivered_at, shipped_at))`.as('at'))
        .where('order_id', '=', orderId)
        .executeTakeFirst();
      return row?.at ?? null;
    },

    carriers(): Promise<CarrierRow[]> {
      return db.selectFrom('carriers').selectAll().orderBy('position').execute();
    },

    /** Replaces the whole list in one transaction. */
    async replaceCarriers(rows: readonly CarrierRow[]): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('carriers').execute();
        if (rows.length)
          await trx
            .insertInto('carriers')
            .values([...rows])
            .execute();
      });
    },
  };
}

export type ShipmentsRepository = ReturnType<typeof createShipmentsRepository>;
