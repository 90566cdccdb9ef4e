import { sql, type Kysely } from 'kysely';
import { REVENUE_STATUSES, type OrderExportQuery } from '@bulkparts/shared';
import type { DB } from '../../db/tables.js';
import { orderSearch } from './orders.repository.js';

/** The admin overview's and CSV export's reads of the orders table (the admin-reports module asks through the orders service). */
export function createOrderReportsRepository(db: Kysely<DB>) {
  const orders = () => db.selectFrom('orders');
  return {
    /**
     * Issue 33 (the operator's inbox): orders paid and not shipped, orders awaiting approval, and
     * invoices past their due date at `now`, counted as the admin order list's filters list them
     * (`status=paid`, `status=awaiting_approval`, `overdue=true`).
     */
    async inboxCounts(now: string): Promise<{ toShip: number; awaitingApproval: number; overdueInvoices: number }> {
      const count = async (where: (q: ReturnType<typeof orders>) => ReturnType<typeof orders>) =>
        Number(
          (
            await where(orders())
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      const [toShip, awaitingApproval, overdueInvoices] = await Promise.all([
        count((q) => q.where('status', '=', 'paid')),
        count((q) => q.where('status', '=', 'awaiting_approval')),
        // Issue 31: an order on account ships before it is paid: as the overdue list reads them (orders.repository.ts).
        count((q) =>
          q
            .where('payment_method', '=', 'account')
            .where('paid_at', 'is', null)
            .where('status', 'in', ['invoiced', 'partially_shipped', 'shipped', 'delivered'])
            .where('due_date', '<', now),
        ),
      ]);
      return { toShip, awaitingApproval, overdueInvoices };
    },

    async revenueTotals(): Promise<{ cents: number; orders: number }> {
      const row = await db
        .selectFrom('orders')
        .select((eb) => [eb.fn.sum<number>('total_cents').as('cents'), eb.fn.countAll<number>().as('n')])
        .where('status', 'in', REVENUE_STATUSES)
        .executeTakeFirstOrThrow();
      return { cents: Number(row.cents ?? 0), orders: Number(row.n) };
    },

    /** Revenue orders per day (UTC, by order date) since `sinceIso`. */
    async perDay(sinceIso: string): Promise<{ day: string; cents: number; orders: number }[]> {
      const day = sql<string>`substr(created_at, 1, 10)`;
      const rows = await db
        .selectFrom('orders')
        .select((eb) => [day.as('day'), eb.fn.sum<number>('total_cents').as('cents'), eb.fn.countAll<number>().as('n')])
        .where('status', 'in', REVENUE_STATUSES)
        .where('created_at', '>=', sinceIso)
        .groupBy(day)
        .execute();
      return rows.map((r) => ({ day: String(r.day), cents: Number(r.cents ?? 0), orders: Number(r.n) }));
    },

    /** By order line, so every product of a multi-line order counts with its own pieces and amount. */
    async topProducts(limit: number) {
      const rows = await db
        .selectFrom('order_lines as l')
        .innerJoin('orders as o', 'o.id', 'l.order_id')
        .select((eb) => [
          'l.product_id',
          eb.fn.max('l.product_name').as('name'),
          eb.fn.sum<number>('l.quantity').as('quantity'),
          eb.fn.sum<number>('l.line_total_cents').as('cents'),
        ])
        .where('o.status', 'in', REVENUE_STATUSES)
        .groupBy('l.product_id')
        .orderBy('cents', 'desc')
        .limit(limit)
        .execute();
      return rows.map((r) => ({ productId: r.product_id, name: String(r.name), quantity: Number(r.quantity ?? 0), cents: Number(r.cents ?? 0) }));
    },

    /** The lines of one export page's orders, in one query. */
    linesOf(orderIds: readonly string[]) {
      if (orderIds.length === 0) return Promise.resolve([]);
      return db.selectFrom('order_lines').selectAll().where('order_id', 'in', orderIds).orderBy('order_id').orderBy('line_no').execute();
    },

    /** One page of the filtered orders, newest first, after the keyset cursor. */
    exportPage(filter: OrderExportQuery, after: { createdAt: string; id: string } | undefined, limit: number) {
      let query = db.selectFrom('orders').selectAll();
      if (filter.status) query = query.where('status', '=', filter.status);
      // The admin list's search, so the export holds exactly the orders the list shows.
      if (filter.q) query = query.where(orderSearch(filter.q));
      if (after)
        query = query.where((eb) => eb.or([eb('created_at', '<', after.createdAt), eb.and([eb('created_at', '=', after.createdAt), eb('id', '<', after.id)])]));
      return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
    },
  };
}

export type OrderReportsRepository = ReturnType<typeof createOrderReportsRepository>;
