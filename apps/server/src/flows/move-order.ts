import type { Units } from '../db/unit-of-work.js';
import { piecesOf, type MoveOrder, type OrderMoveSteps } from '../modules/orders/order-moves.js';
import type { ProductsService } from '../modules/products/products.service.js';

export interface MoveOrderDeps {
  units: Units;
  orders: OrderMoveSteps;
  products: Pick<ProductsService, 'returnStock'>;
}

/**
 * Every status change of an existing order (cancel, ship, deliver, refund, approve, reject, a bank
 * transfer recorded): one unit of work with the status (only if it is still `from`), the change's
 * columns, its timeline step by `by`, its webhook, and for a status that returns stock (cancelled,
 * expired, rejected) every line's pieces back on sale. After the commit the buyer is told; a lost
 * race answers 409.
 */
export function createMoveOrder({ units, orders, products }: MoveOrderDeps): MoveOrder {
  return async function moveOrder(id, from, to, changes, by) {
    // Lines never change once placed, so they are read before the unit.
    const lines = await orders.linesOf(id);
    const moved = await units.run(async (uow) => {
      if (!(await orders.moveIn(uow, id, from, to, changes, by, lines))) return false;
      if (orders.returnsStock(to)) await products.returnStock(uow, piecesOf(lines));
      return true;
    });
    return orders.settle(id, moved);
  };
}
