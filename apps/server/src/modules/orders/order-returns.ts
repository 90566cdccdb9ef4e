import type { Order } from '@bulkparts/shared';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import { nowIso } from '../../lib/ids.js';
import { toOrder } from './order-view.js';
import type { OrderLineRow, OrderRow, OrdersRepository } from './orders.repository.js';

/** Pieces of one order line (a return's, a credit note's). */
export interface LinePieces {
  lineNo: number;
  pieces: number;
}

/**
 * The orders module's side of returns (issue 31; the units are flows/returns.ts's): a return
 * reserves shipped pieces of its lines (never more than shipped less already returned), a
 * rejection or a shortfall at receipt gives them back, and a credit note records the pieces and
 * the amount it credits (an unpaid order on account owes that much less).
 */
export function createOrderReturnSteps({ repo }: { repo: OrdersRepository }) {
  return {
    /** The order and its lines, read before the unit. */
    async forReturn(id: string): Promise<{ row: OrderRow; lines: OrderLineRow[] } | undefined> {
      const row = await repo.findById(id);
      return row && { row, lines: await repo.linesOf([id]) };
    },

    /** The order's lines as the unit sees them. */
    linesIn: (uow: UnitOfWork, id: string) => repo.linesOf([id], uow.trx),

    /** Reserves every line's pieces in the unit; false when one would pass what shipped (the caller rolls back). */
    async reserveIn(uow: UnitOfWork, orderId: string, lines: readonly LinePieces[]): Promise<boolean> {
      for (const l of lines) if (!(await repo.reserveReturnIn(uow.trx, orderId, l.lineNo, l.pieces))) return false;
      return true;
    },

    async releaseIn(uow: UnitOfWork, orderId: string, lines: readonly LinePieces[]): Promise<void> {
      for (const l of lines) if (l.pieces > 0) await repo.releaseReturnIn(uow.trx, orderId, l.lineNo, l.pieces);
    },

    /** A credit note's pieces and amount on the order, in its unit; false when it would credit more than the order's total. */
    async creditIn(uow: UnitOfWork, orderId: string, lines: readonly LinePieces[], cents: number): Promise<boolean> {
      if (!(await repo.creditOrderIn(uow.trx, orderId, cents, nowIso()))) return false;
      for (const l of lines) if (l.pieces > 0) await repo.creditLineIn(uow.trx, orderId, l.lineNo, l.pieces);
      return true;
    },

    /** The order as the unit sees it, as the API answers it. */
    async readIn(uow: UnitOfWork, id: string): Promise<Order> {
      return toOrder((await repo.findById(id, uow.trx))!, await repo.linesOf([id], uow.trx));
    },
  };
}

export type OrderReturnSteps = ReturnType<typeof createOrderReturnSteps>;
