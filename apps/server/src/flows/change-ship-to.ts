import type { ShippingAddress } from '@bulkparts/shared';
import type { Units } from '../db/unit-of-work.js';
import { nowIso } from '../lib/ids.js';
import type { OrderSteps } from '../modules/orders/order-steps.js';
import type { ChangeShipTo, ShipToBook } from '../modules/orders/purchase.js';

/**
 * Issue 29: the buyer gives (or corrects) an order's ship-to until it ships. One unit: the order's
 * address, only while its status allows (a ship committed first wins: false), and the address
 * remembered on the buyer's profile for the next order.
 */
export function createChangeShipTo({ units, orders, shipTo }: { units: Units; orders: OrderSteps['shipTo']; shipTo: ShipToBook }): ChangeShipTo {
  return (orderId: string, userId: string, address: ShippingAddress) =>
    units.run(async (uow) => {
      const changed = await orders.setIn(uow, orderId, JSON.stringify(address), nowIso());
      if (changed) await shipTo.rememberIn(uow.trx, userId, address);
      return changed;
    });
}
