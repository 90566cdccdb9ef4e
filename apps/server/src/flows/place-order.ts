import type { Order } from '@bulkparts/shared';
import type { Units } from '../db/unit-of-work.js';
import type { NewOrder, OrderPlacement, PlaceOrder, PlacementSteps } from '../modules/orders/order-placement.js';
import type { ProductsService } from '../modules/products/products.service.js';

export interface PlaceOrderDeps {
  units: Units;
  orders: OrderPlacement;
  products: Pick<ProductsService, 'takeStockMany'>;
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
    return units.run(async (uow) => {
      await steps.claim?.(uow, prepared.row.id);
      const order = await orders.placeIn(uow, prepared);
      await steps.alongside?.(uow, order);
      await products.takeStockMany(uow, prepared.pieces);
      return order;
    });
  };
}
