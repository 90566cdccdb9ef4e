import type { Order } from '@bulkparts/shared';
import type { Units } from '../db/unit-of-work.js';
import type { NewOrder, OrderPlacement, PlaceOrder, PlacementSteps } from '../modules/orders/order-placement.js';
import type { ProductsService } from '../modules/products/products.service.js';

export interface PlaceOrderDeps {
  units: Units;
  orders: OrderPlacement;
  products: Pick<ProductsService, 'takeStockMany' | 'lockIn' | 'takeUpToIn'>;
}

/**
 * Placing an order, whichever way it is made (the spec's purchase, the cart's checkout, an accepted
 * quote): one unit of work (ADR 0004, 0007, issue 29). In it, in this order: the caller's `claim`
 * (a checkout's cart taken: of two checkouts of one cart the second fails as such, before the cap
 * or the credit), the orders module's checks and rows (unpaid-order cap, credit, number, timeline,
 * mail and webhooks), the caller's `alongside` work (a remembered ship-to, an accepted quote), and
 * last every line's stock in product-id order: on PostgreSQL a product's row stays locked from its
 * stock update to the commit, so it is taken last. Any throw rolls all of it back; the catalogue
 * cache, the workers and the metric are told only after the commit, by the modules that own them.
 */
export function createPlaceOrder({ units, orders, products }: PlaceOrderDeps): PlaceOrder {
  return async function placeOrder(o: NewOrder, steps: PlacementSteps = {}): Promise<Order> {
    const prepared = await orders.prepare(o);
    if (prepared.flexible.length === 0) {
      return units.run(async (uow) => {
        await steps.claim?.(uow, prepared.row.id);
        const order = await orders.placeIn(uow, prepared);
        await steps.alongside?.(uow, order);
        await products.takeStockMany(uow, prepared.pieces);
        return order;
      });
    }
    // Issue 31: lines of products taking backorders take what stock there is in the unit (first
    // come, first served: behind any line already waiting), the rest backordered; the order's facts
    // (mail, webhooks) are recorded once its lines say so. Every product is locked first, in id
    // order, as the all-or-nothing lines lock theirs.
    return units.run(async (uow) => {
      await steps.claim?.(uow, prepared.row.id);
      const inserted = await orders.insertIn(uow, prepared);
      await steps.alongside?.(uow, inserted);
      await products.lockIn(
        uow,
        prepared.lines.map((l) => l.product_id),
      );
      await products.takeStockMany(uow, prepared.pieces);
      const taken = await products.takeUpToIn(uow, prepared.flexible);
      return orders.settleIn(uow, prepared, inserted, taken);
    });
  };
}
