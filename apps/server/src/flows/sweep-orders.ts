import type { Units, UnitOfWork } from '../db/unit-of-work.js';
import { nowIso } from '../lib/ids.js';
import type { OrderSweeps, OrderSweepSteps, Swept } from '../modules/orders/order-sweeps.js';
import type { AllocateBackordersIn } from './allocate-backorders.js';
import type { ProductsService } from '../modules/products/products.service.js';

export interface SweepOrdersDeps {
  units: Units;
  orders: OrderSweepSteps;
  products: Pick<ProductsService, 'returnStock' | 'lockIn'>;
  /** Issue 31: pieces back on sale go to backordered lines waiting for them first. */
  allocateBackordersIn: AllocateBackordersIn;
}

/**
 * The background rounds over orders (background-jobs.ts), each batch one unit of work: the orders
 * it moves, their timeline steps and mails, and for expired and rejected orders every line's
 * pieces back on sale. Safe with several instances (the repositories' guards and `skip locked`).
 */
export function createSweepOrders({ units, orders, products, allocateBackordersIn }: SweepOrdersDeps): OrderSweeps {
  /**
   * Their pieces back on sale, then to the backordered lines waiting for them (issue 31): the
   * products locked first, the lines read again after (a stock take may have just allocated them).
   */
  async function giveBack(uow: UnitOfWork, swept: Swept): Promise<number> {
    if (swept.pieces.length) {
      await products.lockIn(
        uow,
        swept.pieces.map((p) => p.productId),
      );
      const pieces = await orders.piecesIn(uow, swept.orderIds);
      await products.returnStock(uow, pieces);
      await allocateBackordersIn(
        uow,
        pieces.filter((p) => p.quantity > 0).map((p) => p.productId),
      );
    }
    return swept.count;
  }

  return {
    expireUnpaid: (limit = 100) => units.run(async (uow) => giveBack(uow, await orders.expireIn(uow, nowIso(), limit))),

    rejectStaleApprovals: (at = new Date(), limit = 100) => units.run(async (uow) => giveBack(uow, await orders.rejectStaleIn(uow, at, limit))),

    async remindOverdue(at = new Date(), limit = 100) {
      const overdue = await orders.overdue(at, limit);
      if (overdue.ids.length === 0) return 0;
      return units.run((uow) => orders.remindIn(uow, overdue, at));
    },
  };
}
