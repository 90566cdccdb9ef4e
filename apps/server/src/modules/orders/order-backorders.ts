import { dayOf, nextWorkingDay, type Order, type OrderStatus } from '@bulkparts/shared';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import { linesByOrder, toOrder } from './order-view.js';
import type { OrdersRepository } from './orders.repository.js';

/** The statuses of an order whose backordered pieces still wait for stock (not cancelled, expired, rejected, refunded). */
export const WAITING_STATUSES: readonly OrderStatus[] = ['pending', 'awaiting_approval', 'invoiced', 'paid', 'partially_shipped'];

/** One waiting line, as the allocation reads it (queue order). */
export interface WaitingLine {
  orderId: string;
  lineNo: number;
  productId: string;
  backordered: number;
}

/** Pieces now in stock for one waiting line. */
export interface Allocation {
  orderId: string;
  lineNo: number;
  pieces: number;
}

/** What an order's buyer is told when stock arrived for it: each line's pieces now in stock, what still waits and by when. */
export interface AllocatedOrder {
  order: Order;
  lines: { sku: string; name: string; allocated: number; stillBackordered: number; promisedDispatch: string | null }[];
  /** The day the allocated pieces are ready to leave (the next working day from now). */
  dispatchBy: string;
}

/**
 * The orders module's side of stock arriving for backorders (issue 31; the unit is the caller's
 * flow, flows/allocate-backorders.ts): the waiting lines in queue order, and each allocation
 * written conditionally (never more than still waits), then `backorder.allocated` (the buyers' mail).
 */
export function createOrderBackorderSteps({ repo }: { repo: OrdersRepository }) {
  return {
    async waitingIn(uow: UnitOfWork, productIds: readonly string[]): Promise<WaitingLine[]> {
      if (productIds.length === 0) return [];
      const rows = await repo.waitingLinesIn(uow.trx, productIds, WAITING_STATUSES);
      return rows.map((r) => ({ orderId: r.order_id, lineNo: Number(r.line_no), productId: r.product_id, backordered: Number(r.backordered) }));
    },

    /** Writes the allocations in the unit and records what each buyer is told; answers the allocations that held. */
    async allocateIn(uow: UnitOfWork, allocations: readonly Allocation[], now: string): Promise<Allocation[]> {
      const held: Allocation[] = [];
      for (const a of allocations) if (await repo.allocateLineIn(uow.trx, a.orderId, a.lineNo, a.pieces)) held.push(a);
      if (held.length === 0) return held;
      const orderIds = [...new Set(held.map((a) => a.orderId))];
      const lines = linesByOrder(await repo.linesOf(orderIds, uow.trx));
      const dispatchBy = nextWorkingDay(dayOf(now));
      const orders: AllocatedOrder[] = [];
      for (const id of orderIds) {
        const row = await repo.findById(id, uow.trx);
        if (!row) continue;
        const mine = lines.get(id) ?? [];
        orders.push({
          order: toOrder(row, mine),
          dispatchBy,
          lines: held
            .filter((a) => a.orderId === id)
            .map((a) => {
              const line = mine.find((l) => Number(l.line_no) === a.lineNo)!;
              return {
                sku: line.sku,
                name: line.product_name,
                allocated: a.pieces,
                stillBackordered: Number(line.backordered),
                promisedDispatch: line.promised_dispatch,
              };
            }),
        });
      }
      await uow.record('backorder.allocated', { orders });
      return held;
    },
  };
}

export type OrderBackorderSteps = ReturnType<typeof createOrderBackorderSteps>;
