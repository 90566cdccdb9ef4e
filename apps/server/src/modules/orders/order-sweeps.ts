import { APPROVAL_TIMEOUT_DAYS } from '@bulkparts/shared';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import type { CompanyDirectory } from '../companies/company-directory.js';
import type { CompanyOrdersRepository } from './company-orders.repository.js';
import { piecesOf } from './order-moves.js';
import { orderEvent, SYSTEM, type OrderTimelineLog } from './order-timeline.js';
import { linesByOrder, toOrder } from './order-view.js';
import type { OrderLineRow, OrderRow, OrdersRepository } from './orders.repository.js';

const DAY_MS = 86_400_000;
/** The reason an order rejected by the approval timeout shows (issue 18). */
export const APPROVAL_TIMEOUT_REASON = `Not approved within ${APPROVAL_TIMEOUT_DAYS} days`;

/**
 * The server's own rounds over orders (flows/sweep-orders.ts runs each as one unit): unpaid orders
 * past their deadline expire, orders that waited APPROVAL_TIMEOUT_DAYS for approval are rejected,
 * invoices past their due date are reminded once. Each answers how many orders it moved.
 */
export interface OrderSweeps {
  expireUnpaid(limit?: number): Promise<number>;
  rejectStaleApprovals(at?: Date, limit?: number): Promise<number>;
  remindOverdue(at?: Date, limit?: number): Promise<number>;
}

/** What a sweep moved, and the stock the flow puts back (committed pieces, and backordered ones leaving the queue). */
export interface Swept {
  count: number;
  /** Issue 31: the orders moved, whose lines the flow reads again once their products are locked. */
  orderIds: string[];
  pieces: { productId: string; quantity: number; backordered: number }[];
}

/** The orders module's side of the sweeps: each step runs in the sweep's unit. */
export function createOrderSweepSteps({
  repo,
  companyOrders,
  timeline,
  companies,
}: {
  repo: OrdersRepository;
  companyOrders: CompanyOrdersRepository;
  timeline: OrderTimelineLog;
  companies: Pick<CompanyDirectory, 'adminEmails'>;
}) {
  /** The moved orders' system timeline steps and their `order.swept` fact (the buyers' mails), in the sweep's unit. */
  async function sweptIn(uow: UnitOfWork, to: 'expired' | 'rejected', rows: readonly OrderRow[], lines: readonly OrderLineRow[]): Promise<Swept> {
    if (rows.length === 0) return { count: 0, orderIds: [], pieces: [] };
    await timeline.recordIn(
      uow.trx,
      rows.map((r) => orderEvent(to, r.id, SYSTEM, r.updated_at)),
    );
    const byOrder = linesByOrder(lines);
    await uow.record('order.swept', { to, orders: rows.map((r) => toOrder(r, byOrder.get(r.id) ?? [])) });
    return { count: rows.length, orderIds: rows.map((r) => r.id), pieces: piecesOf(lines) };
  }

  return {
    /** Issue 31: the moved orders' pieces as the unit sees them once their products are locked (an allocation may have come first). */
    async piecesIn(uow: UnitOfWork, orderIds: readonly string[]) {
      return piecesOf(await repo.linesOf(orderIds, uow.trx));
    },

    /** Unpaid orders past their deadline become `expired` (the system's timeline step, the buyer's mail). */
    async expireIn(uow: UnitOfWork, now: string, limit: number): Promise<Swept> {
      const { expired, lines } = await repo.expireDueIn(uow.trx, now, limit);
      return sweptIn(uow, 'expired', expired, lines);
    },

    /** Orders waiting for approval since before `at` minus the timeout become `rejected`, by the system. */
    async rejectStaleIn(uow: UnitOfWork, at: Date, limit: number): Promise<Swept> {
      const cutoff = new Date(at.getTime() - APPROVAL_TIMEOUT_DAYS * DAY_MS).toISOString();
      const { rejected, lines } = await companyOrders.rejectWaitingSinceIn(uow.trx, cutoff, at.toISOString(), APPROVAL_TIMEOUT_REASON, limit);
      return sweptIn(uow, 'rejected', rejected, lines);
    },

    /** The overdue invoices to remind and their companies' admins, read before the unit (SQLite's one connection is the unit's). */
    async overdue(at: Date, limit: number) {
      const candidates = await companyOrders.overdueUnreminded(at.toISOString(), limit);
      const companyIds = [...new Set(candidates.map((c) => c.company_id).filter((c): c is string => c !== null))];
      const admins = new Map(await Promise.all(companyIds.map(async (c) => [c, await companies.adminEmails(c)] as const)));
      return { ids: candidates.map((c) => c.id), admins };
    },

    /** Marks them reminded (each once, whatever other instances do) and queues each reminder. */
    async remindIn(uow: UnitOfWork, overdue: { ids: string[]; admins: Map<string, string[]> }, at: Date): Promise<number> {
      const { reminded, lines } = await companyOrders.markRemindedIn(uow.trx, overdue.ids, at.toISOString());
      const byOrder = linesByOrder(lines);
      for (const r of reminded) {
        const to = r.company_id ? (overdue.admins.get(r.company_id) ?? []) : [];
        await uow.record('order.overdue', { order: toOrder(r, byOrder.get(r.id) ?? []), adminEmails: to.length ? to : [r.user_email] });
      }
      return reminded.length;
    },
  };
}

export type OrderSweepSteps = ReturnType<typeof createOrderSweepSteps>;
