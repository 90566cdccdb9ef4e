import type { Units } from '../db/unit-of-work.js';
import { nowIso } from '../lib/ids.js';
import type { OrderSweeps, OrderSweepSteps } from '../modules/orders/order-sweeps.js';
import type { ProductsService } from '../modules/products/products.service.js';

export interface SweepOrdersDeps {
  units: Units;
  orders: OrderSweepSteps;
  products: Pick<ProductsService, 'returnStock'>;
}

/**
 * The background rounds over orders (background-jobs.ts), each batch one unit of work: the orders
 * it moves, their timeline steps and mails, and for expired and rejected orders every line's
 * pieces back on sale. Safe with several instances (the repositories' guards and `skip locked`).
 */
export function createSweepOrders({ units, orders, products }: SweepOrdersDeps): OrderSweeps {
  return {
    expireUnpaid: (limit = 100) =>
      units.run(async (uow) => {
        const swept = await orders.expireIn(uow, nowIso(), limit);
        if (swept.pieces.length) await products.returnStock(uow, swept.pieces);
        return swept.count;
      }),

    rejectStaleApprovals: (at = new Date(), limit = 100) =>
      units.run(async (uow) => {
        const swept = await orders.rejectStaleIn(uow, at, limit);
        if (swept.pieces.length) await products.returnStock(uow, swept.pieces);
        return swept.count;
      }),

    async remindOverdue(at = new Date(), limit = 100) {
      const overdue = await orders.overdue(at, limit);
      if (overdue.ids.length === 0) return 0;
      return units.run((uow) => orders.remindIn(uow, overdue, at));
    },
  };
}
