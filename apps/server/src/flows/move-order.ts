import type { Units } from '../db/unit-of-work.js';
import { piecesOf, type MoveOrder, type OrderMoveSteps } from '../modules/orders/order-moves.js';
import type { ProductsService } from '../modules/products/products.service.js';
import type { AllocateBackordersIn } from './allocate-backorders.js';

export interface MoveOrderDeps {
  units: Units;
  orders: OrderMoveSteps;
  products: Pick<ProductsService, 'returnStock' | 'lockIn'>;
  /** Issue 31: pieces back on sale go to backordered lines waiting for them first. */
  allocateBackordersIn: AllocateBackordersIn;
}

/**
 * Every status change of an existing order (cancel, ship, deliver, refund, approve, reject, a bank
 * transfer recorded): one unit of work with the status (only if it is still `from`), the change's
 * columns, its timeline step by `by`, its webhook, and for a status that returns stock (cancelled,
 * expired, rejected) every line's pieces back on sale. After the commit the buyer is told; a lost
 * race answers 409.
 */
export function createMoveOrder({ units, orders, products, allocateBackordersIn }: MoveOrderDeps): MoveOrder {
  return async function moveOrder(id, from, to, changes, by, as = to) {
    // A line's product never changes once placed, so the lines are read before the unit.
    const lines = await orders.linesOf(id);
    const returns = orders.returnsStock(to);
    const moved = await units.run(async (uow) => {
      // Issue 31 (ADR 0032): the products first, then the order; the pieces committed are read once they are locked.
      if (returns)
        await products.lockIn(
          uow,
          lines.map((l) => l.product_id),
        );
      if (!(await orders.moveIn(uow, id, from, to, changes, by, lines, as))) return false;
      if (returns) {
        const pieces = piecesOf(await orders.linesIn(uow, id));
        await products.returnStock(uow, pieces);
        await allocateBackordersIn(
          uow,
          pieces.filter((p) => p.quantity > 0).map((p) => p.productId),
        );
      }
      return true;
    });
    return orders.settle(id, moved);
  };
}
