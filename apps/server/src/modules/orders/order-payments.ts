import type { UnitOfWork } from '../../db/unit-of-work.js';
import { once } from '../../lib/once.js';
import type { OrderPaymentsRepository, PaidFacts } from './order-payments.repository.js';
import type { OrderLineRow, OrderRow, OrdersRepository } from './orders.repository.js';
import { orderEvent, type OrderTimelineLog } from './order-timeline.js';
import { toOrder } from './order-view.js';

/**
 * What the payments module may do with orders (it never queries the orders table itself, ADR
 * 0012): read one, remember a started payment, and mark one paid inside the payment's own
 * transaction (with its event record and invoice number). Payments depends on this shape only
 * (payments/payable-orders.ts); orders does not import payments.
 */
export function createOrderPayments(repo: OrdersRepository, payments: OrderPaymentsRepository, timeline: OrderTimelineLog) {
  return {
    find: (id: string): Promise<OrderRow | undefined> => repo.findById(id),
    /** The order's lines (the invoice lists every one). */
    lines: (orderId: string) => repo.linesOf([orderId]),
    setPendingReference: (orderId: string, provider: string, reference: string) => payments.setPendingReference(orderId, provider, reference),
    statusIn: (uow: UnitOfWork, orderId: string) => payments.statusIn(uow.trx, orderId),
    /**
     * Marks the order paid in the payment's transaction, with its timeline step and `order.moved`
     * (the buyer's mail, the `order.paid` webhook; issue 29): a card is paid by the order's buyer.
     * `read`: the lines as `lines` answered them before the unit. A pending order's lines change
     * only where a line waits for stock (an allocation, issue 31), so only then are they read again.
     */
    async markPaidIn(uow: UnitOfWork, orderId: string, paid: PaidFacts, read?: readonly OrderLineRow[]): Promise<boolean> {
      const { trx } = uow;
      const row = await payments.markPaidIn(trx, orderId, paid);
      if (row) {
        await timeline.recordIn(trx, [orderEvent('paid', orderId, row.user_id, paid.paidAt)]);
        const unchanged = read?.every((l) => Number(l.backordered ?? 0) === 0) ? read : undefined;
        await uow.record('order.moved', { to: 'paid', order: once(async () => toOrder(row, unchanged ?? (await repo.linesOf([orderId], trx)))) });
      }
      return row !== undefined;
    },
  };
}

export type OrderPayments = ReturnType<typeof createOrderPayments>;
