import { SHIP_TO_CHANGEABLE_STATUSES, type Order, type ShippingAddress } from '@bulkparts/shared';
import type { Units } from '../db/unit-of-work.js';
import { AppError } from '../lib/errors.js';
import { nowIso } from '../lib/ids.js';
import type { SessionUser } from '../lib/session-user.js';
import type { ShipToChange } from '../modules/orders/orders.routes.js';
import type { OrderSteps } from '../modules/orders/order-steps.js';
import type { OrdersService } from '../modules/orders/orders.service.js';
import type { ShipToBook } from './ship-to-book.js';

export interface ChangeShipToDeps {
  units: Units;
  orders: Pick<OrdersService, 'ownRow' | 'withLines'>;
  steps: OrderSteps['shipTo'];
  shipTo: Pick<ShipToBook, 'rememberIn'>;
}

const refused = (status: string) => new AppError('CONFLICT', `The shipping address of an order that is ${status} cannot be changed`);

/**
 * Issue 29: the buyer gives (or corrects) their order's ship-to until it ships
 * (`PATCH /api/purchase/:id/shipping-address`); anyone else's order is 404 like a missing one. One
 * unit: the order's address, conditional on the status in the same statement (a ship committed
 * first wins and this answers 409), and the address remembered on the buyer's profile for the
 * next order.
 */
export function createChangeShipTo({ units, orders, steps, shipTo }: ChangeShipToDeps): ShipToChange {
  return async function changeShipTo(id: string, address: ShippingAddress, user: SessionUser): Promise<Order> {
    const row = await orders.ownRow(id, user);
    if (!(SHIP_TO_CHANGEABLE_STATUSES as readonly string[]).includes(row.status)) throw refused(row.status);
    const changed = await units.run(async (uow) => {
      const ok = await steps.setIn(uow, id, JSON.stringify(address), nowIso());
      if (ok) await shipTo.rememberIn(uow.trx, user.id, address);
      return ok;
    });
    const fresh = await orders.ownRow(id, user);
    if (!changed) throw refused(fresh.status);
    return (await orders.withLines([fresh]))[0]!;
  };
}
