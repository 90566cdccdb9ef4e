import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Engine } from '../../db/database.js';
import { pageOffset } from '../../db/query-helpers.js';
import type { CreditNotesTable, ReturnLinesTable, ReturnsTable } from '../../db/schema.js';
import type { DB } from '../../db/tables.js';

export type ReturnRow = Selectable<ReturnsTable>;
export type ReturnLineRow = Selectable<ReturnLinesTable>;
export type CreditNoteRow = Selectable<CreditNotesTable>;

/** Whose returns a list shows: one buyer's, one company's, or (shop admins) everyone's; one order's when `orderId`. */
export interface ReturnFilter {
  userId?: string | undefined;
  companyId?: string | undefined;
  orderId?: string | undefined;
  status?: string | undefined;
}

/** Issue 31: returns, their lines and credit notes (returns module). */
export function createReturnsRepository(db: Kysely<DB>, engine: Engine) {
  const linesOf = (ids: readonly string[], trx?: Transaction<DB>): Promise<ReturnLineRow[]> =>
    ids.length === 0
      ? Promise.resolve([])
      : (trx ?? db).selectFrom('return_lines').selectAll().where('return_id', 'in', ids).orderBy('return_id').orderBy('line_no').execute();

  function filtered(f: ReturnFilter) {
    let q = db.selectFrom('returns');
    // A buyer who is also their company's admin sees their own and the company's.
    if (f.userId && f.companyId) q = q.where((eb) => eb.or([eb('user_id', '=', f.userId!), eb('company_id', '=', f.companyId!)]));
    else if (f.userId) q = q.where('user_id', '=', f.userId);
    else if (f.companyId) q = q.where('company_id', '=', f.companyId);
    if (f.orderId) q = q.where('order_id', '=', f.orderId);
    if (f.status) q = q.where('status', '=', f.status);
    return q;
  }

  return {
    /** Inserts the return and its lines in the unit; answers its number (PostgreSQL's sequence, SQLite's max + 1). */
    async insertIn(trx: Transaction<DB>, row: Omit<ReturnRow, 'rma_number'>, lines: readonly ReturnLineRow[]): Promise<number> {
      const inserted = await trx
        .insertInto('returns')
        .values(engine === 'sqlite' ? { ...row, rma_number: sql<number>`(select coalesce(max(rma_number), 0) + 1 from returns)` } : row)
        .returning('rma_number')
        .executeTakeFirstOrThrow();
      await trx.insertInto('return_lines').values(lines).execute();
      return Number(inserted.rma_number);
    },

    async findById(id: string, trx?: Transaction<DB>): Promise<{ row: ReturnRow; lines: ReturnLineRow[] } | undefined> {
      const row = await (trx ?? db).selectFrom('returns').selectAll().where('id', '=', id).executeTakeFirst();
      return row && { row, lines: await linesOf([id], trx) };
    },

    async list(f: ReturnFilter, page: number, limit: number): Promise<{ rows: ReturnRow[]; lines: ReturnLineRow[]; total: number }> {
      const [rows, count] = await Promise.all([
        filtered(f).selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).offset(pageOffset(page, limit)).execute(),
        filtered(f)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return {
        rows,
        lines: await linesOf(rows.map((r) => r.id)),
        total: Number(count.n),
      };
    },

    /** How many returns are `status` (the operator's inbox: approved ones are on their way). */
    async countWith(status: string): Promise<number> {
      const row = await db
        .selectFrom('returns')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('status', '=', status)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Moves a return in the unit, only if it is still `from`; whether it did. */
    async moveIn(trx: Transaction<DB>, id: string, from: string, to: string, set: Partial<ReturnRow>): Promise<boolean> {
      const result = await trx
        .updateTable('returns')
        .set({ ...set, status: to })
        .where('id', '=', id)
        .where('status', '=', from)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** A refund the provider refused (or, null, one that went through after all). */
    async setRefundErrorIn(trx: Transaction<DB>, id: string, error: string | null, now: string): Promise<void> {
      await trx.updateTable('returns').set({ refund_error: error, updated_at: now }).where('id', '=', id).execute();
    },

    async setReceivedIn(
      trx: Transaction<DB>,
      id: string,
      lines: readonly { lineNo: number; received: number; damaged: number; warehouseId: string | null }[],
    ): Promise<void> {
      for (const l of lines) {
        await trx
          .updateTable('return_lines')
          .set({ received: l.received, damaged: l.damaged, warehouse_id: l.warehouseId })
          .where('return_id', '=', id)
          .where('line_no', '=', l.lineNo)
          .execute();
      }
    },

    async insertCreditNoteIn(trx: Transaction<DB>, note: CreditNoteRow): Promise<void> {
      await trx.insertInto('credit_notes').values(note).execute();
    },

    creditNoteById(id: string): Promise<CreditNoteRow | undefined> {
      return db.selectFrom('credit_notes').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** The shipping every credit note of an order gave back, this unit's own included. */
    async shippingCreditedIn(trx: Transaction<DB>, orderId: string): Promise<number> {
      const row = await trx
        .selectFrom('credit_notes')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('shipping_cents'), eb.lit(0)).as('cents'))
        .where('order_id', '=', orderId)
        .executeTakeFirstOrThrow();
      return Number(row.cents);
    },

    async creditNotesOf(returnIds: readonly string[], trx?: Transaction<DB>): Promise<CreditNoteRow[]> {
      if (returnIds.length === 0) return [];
      return (trx ?? db).selectFrom('credit_notes').selectAll().where('return_id', 'in', returnIds).execute();
    },
  };
}

export type ReturnsRepository = ReturnType<typeof createReturnsRepository>;
