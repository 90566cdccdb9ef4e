import type { OrderStatus } from '@bulkparts/shared';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Engine } from '../../db/database.js';
import { idAmong } from '../../db/query-helpers.js';
import type { DB } from '../../db/tables.js';
import type { OrderLineRow, OrderRow } from './order-rows.js';

/** Thrown inside the order's transaction when an account order would take its company past the credit limit (issue 18). */
export class CreditLimitError extends Error {
  constructor(
    readonly limitCents: number,
    readonly usedCents: number,
  ) {
    super('credit limit exceeded');
  }
}

/** The first key of PostgreSQL's two-key advisory locks taken per company while summing its open account orders. */
const CREDIT_LIMIT_LOCK = 20261128;

/**
 * Issue 31: the statuses of an order on account that is invoiced and may still be unpaid: it ships
 * before it is paid, so a shipped order may still owe its invoice (`paid_at` null).
 */
export const UNPAID_ACCOUNT_STATUSES: readonly OrderStatus[] = ['invoiced', 'partially_shipped', 'shipped', 'delivered'];

/** The statuses of an account order that hold the company's credit while unpaid (awaiting approval, or invoiced and maybe shipped). */
export const CREDIT_HOLDING_STATUSES: readonly OrderStatus[] = ['awaiting_approval', ...UNPAID_ACCOUNT_STATUSES];

/** What the company's open account orders hold of its credit, in cents, read through `db` (or a transaction). */
async function creditUsedBy(db: Kysely<DB>, companyId: string): Promise<number> {
  const row = await db
    .selectFrom('orders')
    // Issue 31: a credit note on an unpaid invoice gives its amount back to the company's credit.
    .select(sql<number>`coalesce(sum(total_cents - credited_cents), 0)`.as('cents'))
    .where('company_id', '=', companyId)
    .where('payment_method', '=', 'account')
    .where('paid_at', 'is', null)
    .where('status', 'in', CREDIT_HOLDING_STATUSES)
    .executeTakeFirstOrThrow();
  return Number(row.cents);
}

/** The lines of orders a sweep just moved, read in its transaction, in line order. */
function linesIn(trx: Transaction<DB>, orders: readonly OrderRow[]): Promise<OrderLineRow[]> {
  return trx
    .selectFrom('order_lines')
    .selectAll()
    .where(
      'order_id',
      'in',
      orders.map((o) => o.id),
    )
    .orderBy('order_id')
    .orderBy('line_no')
    .execute();
}

/**
 * Inside a new account order's unit (order-placement.ts): throws
 * CreditLimitError unless the company's open account orders plus `addCents` stay within the limit.
 * The same pattern as the unpaid-order cap, per company: two members checking out at once queue on
 * the company's lock (PostgreSQL) or run one after the other (SQLite's one writer), so the second
 * sums the first's committed order and together they cannot pass the limit.
 */
async function checkCreditIn(trx: Transaction<DB>, engine: Engine, credit: { companyId: string; limitCents: number }, addCents: number): Promise<void> {
  if (engine === 'postgres') await sql`select pg_advisory_xact_lock(${CREDIT_LIMIT_LOCK}, hashtext(${credit.companyId}))`.execute(trx);
  const usedCents = await creditUsedBy(trx, credit.companyId);
  if (usedCents + addCents > credit.limitCents) throw new CreditLimitError(credit.limitCents, usedCents);
}

/**
 * The orders table's company side (issue 18): the credit a company's account orders hold, and the
 * sweeps over orders of companies (approvals that waited too long, invoices past their due date).
 * The company and overdue lists share the orders list's filter (orders.repository.ts `list`).
 */
export function createCompanyOrdersRepository(db: Kysely<DB>, engine: Engine) {
  return {
    /** What the company's open account orders hold of its credit (awaiting approval or invoiced), in cents. */
    creditUsedCents: (companyId: string): Promise<number> => creditUsedBy(db, companyId),

    /** In a new account order's unit: CreditLimitError past the company's limit (see `checkCreditIn` above). */
    checkCreditIn: (trx: Transaction<DB>, credit: { companyId: string; limitCents: number }, addCents: number) => checkCreditIn(trx, engine, credit, addCents),

    /**
     * Rejects, in the unit, up to `limit` orders waiting for approval since `cutoff` or before, and
     * answers them with their lines. Safe with several instances, as `expireDueIn`: each order moves
     * once, PostgreSQL skips rows another instance holds.
     */
    async rejectWaitingSinceIn(
      trx: Transaction<DB>,
      cutoff: string,
      now: string,
      reason: string,
      limit: number,
    ): Promise<{ rejected: OrderRow[]; lines: OrderLineRow[] }> {
      const due = trx
        .selectFrom('orders')
        .select('id')
        .where('status', '=', 'awaiting_approval')
        .where('awaiting_since', '<=', cutoff)
        .orderBy('awaiting_since')
        .limit(limit);
      const rejected = await trx
        .updateTable('orders')
        .set({ status: 'rejected', rejection_reason: reason, decided_by: 'system', updated_at: now })
        .where(idAmong(engine, due))
        .where('status', '=', 'awaiting_approval')
        .returningAll()
        .execute();
      return { rejected, lines: rejected.length ? await linesIn(trx, rejected) : [] };
    },

    /** Invoiced orders past their due date that have not been reminded yet (the overdue sweep's candidates). */
    overdueUnreminded(now: string, limit: number): Promise<OrderRow[]> {
      return db
        .selectFrom('orders')
        .selectAll()
        .where('payment_method', '=', 'account')
        .where('paid_at', 'is', null)
        .where('status', 'in', UNPAID_ACCOUNT_STATUSES)
        .where('due_date', '<', now)
        .where('reminded_at', 'is', null)
        .orderBy('due_date')
        .limit(limit)
        .execute();
    },

    /**
     * Marks these orders reminded in the unit, each only if it is still invoiced and unreminded, and
     * answers the ones this call marked with their lines: with several instances each order's
     * reminder is queued once.
     */
    async markRemindedIn(trx: Transaction<DB>, ids: readonly string[], now: string): Promise<{ reminded: OrderRow[]; lines: OrderLineRow[] }> {
      if (ids.length === 0) return { reminded: [], lines: [] };
      const reminded = await trx
        .updateTable('orders')
        .set({ reminded_at: now })
        .where('id', 'in', ids)
        .where('paid_at', 'is', null)
        .where('status', 'in', UNPAID_ACCOUNT_STATUSES)
        .where('reminded_at', 'is', null)
        .returningAll()
        .execute();
      return { reminded, lines: reminded.length ? await linesIn(trx, reminded) : [] };
    },
  };
}

export type CompanyOrdersRepository = ReturnType<typeof createCompanyOrdersRepository>;
