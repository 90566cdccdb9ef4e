import type { Kysely, Selectable, Transaction } from 'kysely';
import type { QuoteLinesTable, QuotesTable } from '../../db/schema.js';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import type { DB } from '../../db/tables.js';

export type QuoteRow = Selectable<QuotesTable>;
export type QuoteLineRow = Selectable<QuoteLinesTable>;

export interface QuoteListFilter {
  userId?: string | undefined;
  /** A status as `quoteStatusAt` reads it: `answered` excludes, `expired` includes, answered quotes past `validUntil`. */
  status?: string | undefined;
  /** The time the status filter is read at (ISO). */
  now: string;
}

/** Changes a move writes besides the status. */
export type QuoteChanges = Partial<Pick<QuoteRow, 'message' | 'valid_until' | 'order_id' | 'answered_at' | 'decided_at' | 'shipping_cents'>> & {
  updated_at: string;
};

/**
 * The quotes module's tables (`quotes`, `quote_lines`, db/table-owners.ts). Every status change is
 * a conditional UPDATE on the status the service read (`where status = <seen>`), so two concurrent
 * moves of one quote cannot both win; an answered quote's moves also require it still valid.
 */
export function createQuotesRepository(db: Kysely<DB>) {
  function filtered(filter: QuoteListFilter) {
    let query = db.selectFrom('quotes');
    if (filter.userId) query = query.where('user_id', '=', filter.userId);
    if (filter.status === 'answered') {
      query = query.where('status', '=', 'answered').where('valid_until', '>=', filter.now);
    } else if (filter.status === 'expired') {
      // Expired in the table, or answered and past its date before the sweep wrote it.
      query = query.where((eb) => eb.or([eb('status', '=', 'expired'), eb.and([eb('status', '=', 'answered'), eb('valid_until', '<', filter.now)])]));
    } else if (filter.status) {
      query = query.where('status', '=', filter.status);
    }
    return query;
  }

  /** One conditional status change inside `trx`; answers whether it happened. */
  async function moveIn(trx: Kysely<DB>, id: string, from: string, to: string, changes: QuoteChanges, validAt?: string): Promise<boolean> {
    let update = trx
      .updateTable('quotes')
      .set({ ...changes, status: to })
      .where('id', '=', id)
      .where('status', '=', from);
    if (validAt !== undefined) update = update.where('valid_until', '>=', validAt);
    const result = await update.executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  return {
    /**
     * Inserts the quote and its lines in the caller's unit. The quote number is the database's
     * (sequence on PostgreSQL, trigger on SQLite), read back inside the same unit.
     */
    async createIn(uow: UnitOfWork, quote: Omit<QuoteRow, 'quote_number'>, lines: readonly QuoteLineRow[]): Promise<QuoteRow> {
      const { trx } = uow;
      await trx.insertInto('quotes').values(quote).execute();
      await trx.insertInto('quote_lines').values(lines).execute();
      const { quote_number } = await trx.selectFrom('quotes').select('quote_number').where('id', '=', quote.id).executeTakeFirstOrThrow();
      return { ...quote, quote_number: Number(quote_number) };
    },

    findById(id: string): Promise<QuoteRow | undefined> {
      return db.selectFrom('quotes').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** The lines of these quotes in one query, in line order. */
    linesOf(quoteIds: readonly string[]): Promise<QuoteLineRow[]> {
      if (quoteIds.length === 0) return Promise.resolve([]);
      return db.selectFrom('quote_lines').selectAll().where('quote_id', 'in', quoteIds).orderBy('quote_id').orderBy('line_no').execute();
    },

    /** Newest first (indexes `quotes_user_created`, `quotes_status_created`). */
    list(filter: QuoteListFilter & { offset: number; limit: number }): Promise<QuoteRow[]> {
      return filtered(filter).selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(filter.limit).offset(filter.offset).execute();
    },

    async count(filter: QuoteListFilter): Promise<number> {
      const row = await filtered(filter)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** A status change on its own (withdraw, decline); `validAt` also requires `valid_until >= validAt`. */
    move(id: string, from: string, to: string, changes: QuoteChanges, validAt?: string): Promise<boolean> {
      return db.transaction().execute((trx) => moveIn(trx, id, from, to, changes, validAt));
    },

    /**
     * `requested → answered` with every line's quoted price, in the caller's unit; answers false
     * (nothing written) when the quote is no longer `requested`.
     */
    async answerIn(uow: UnitOfWork, id: string, changes: QuoteChanges, prices: ReadonlyMap<string, number>): Promise<boolean> {
      const { trx } = uow;
      if (!(await moveIn(trx, id, 'requested', 'answered', changes))) return false;
      for (const [productId, e4] of prices) {
        await trx.updateTable('quote_lines').set({ quoted_unit_price_e4: e4 }).where('quote_id', '=', id).where('product_id', '=', productId).execute();
      }
      return true;
    },

    /**
     * `answered → accepted` inside the order's transaction (the caller's `trx`), only while the
     * quote is still answered and valid at `now`; answers whether it moved (false: roll the order back).
     */
    acceptIn(trx: Transaction<DB>, id: string, orderId: string, now: string): Promise<boolean> {
      return moveIn(trx, id, 'answered', 'accepted', { order_id: orderId, decided_at: now, updated_at: now }, now);
    },

    /**
     * Writes `expired` on up to `limit` answered quotes past their date (the admin list by status
     * reads the table). Walks `quotes_status_created` from `status = 'answered'` only.
     */
    async expireDue(now: string, limit: number): Promise<number> {
      const due = db.selectFrom('quotes').select('id').where('status', '=', 'answered').where('valid_until', '<', now).limit(limit);
      const result = await db
        .updateTable('quotes')
        // It expired at its date, not when this round noticed.
        .set((eb) => ({ status: 'expired', decided_at: eb.ref('valid_until'), updated_at: now }))
        .where('id', 'in', due)
        .where('status', '=', 'answered')
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
  };
}

export type QuotesRepository = ReturnType<typeof createQuotesRepository>;
