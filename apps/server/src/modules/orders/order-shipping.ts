import type { Order, OrderStatus } from '@bulkparts/shared';
import { fulfilmentStatusOf } from '@bulkparts/shared';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import { once } from '../../lib/once.js';
import { orderEvent, type Actor, type OrderTimelineLog } from './order-timeline.js';
import { toOrder } from './order-view.js';
import type { OrderLineRow, OrderRow, OrdersRepository } from './orders.repository.js';

/** Pieces of one order line in a shipment. */
export interface ShipLine {
  lineNo: number;
  quantity: number;
}

/** What a shipment changes on its order besides the lines: its carrier and tracking number (the spec's fields show the last shipment's). */
export interface ShipmentFacts {
  number: string;
  carrier: string | null;
  trackingNumber: string | null;
  at: string;
}

/** The pieces of a line that may ship now: ordered, less shipped, less backordered (not in stock for it yet). */
export const leftToShip = (line: Pick<OrderLineRow, 'quantity' | 'shipped_quantity' | 'backordered'>) =>
  Number(line.quantity) - Number(line.shipped_quantity ?? 0) - Number(line.backordered ?? 0);

/**
 * The orders module's side of shipping and delivering (issue 31; the units are the flows',
 * flows/ship-order.ts and flows/deliver-shipment.ts): the order locked in the unit, each line's
 * shipped pieces added within the line, the status that follows (`partially_shipped`, `shipped`,
 * `delivered`), the timeline step per shipment, and `order.moved` when the order as a whole moved
 * (the `order.shipped` webhook).
 */
export function createOrderShippingSteps({ repo, timeline }: { repo: OrdersRepository; timeline: OrderTimelineLog }) {
  /** The order as moved in this unit, read once, when a subscriber asks. */
  const orderIn = (uow: UnitOfWork, id: string) =>
    once(async (): Promise<Order> => toOrder((await repo.findById(id, uow.trx))!, await repo.linesOf([id], uow.trx)));

  return {
    /** The order and its lines, read before the unit (what the shipment is planned from). */
    async forShipping(id: string): Promise<{ row: OrderRow; lines: OrderLineRow[] } | undefined> {
      const row = await repo.findById(id);
      return row && { row, lines: await repo.linesOf([id]) };
    },

    /** The order as the unit sees it, as the API answers it. */
    readIn: (uow: UnitOfWork, id: string) => orderIn(uow, id)(),

    /** The order locked for the rest of the unit (PostgreSQL), as the unit sees it. */
    lockIn: (uow: UnitOfWork, id: string) => repo.lockIn(uow.trx, id),

    /** Adds every line's pieces in the unit; false when any line would pass what it ordered (nothing is kept: the caller rolls back). */
    async shipLinesIn(uow: UnitOfWork, orderId: string, lines: readonly ShipLine[]): Promise<boolean> {
      for (const l of lines) if (!(await repo.shipLineIn(uow.trx, orderId, l.lineNo, l.quantity))) return false;
      return true;
    },

    /**
     * After a shipment's lines, in its unit: the order's new status (`partially_shipped` until every
     * piece has left, then `shipped`), the shipment's carrier and tracking number as the order's
     * latest, its timeline step by `by`. Answers whether the order moved, and the order as moved.
     */
    async shippedIn(
      uow: UnitOfWork,
      row: OrderRow,
      shipment: ShipmentFacts,
      by: Actor,
    ): Promise<{ moved: boolean; to: OrderStatus; order: () => Promise<Order> }> {
      const lines = await repo.linesOf([row.id], uow.trx);
      const to = fulfilmentStatusOf(
        lines.map((l) => ({ quantity: Number(l.quantity), shipped: Number(l.shipped_quantity) })),
        [],
      )!;
      const from = row.status as OrderStatus;
      const set = {
        carrier: shipment.carrier,
        tracking_number: shipment.trackingNumber,
        updated_at: shipment.at,
        ...(to === 'shipped' ? { shipped_at: shipment.at } : {}),
      };
      const moved = await repo.transitionIn(uow.trx, row.id, from, to, set);
      if (!moved) return { moved, to, order: orderIn(uow, row.id) };
      await timeline.recordIn(uow.trx, [orderEvent('shipped', row.id, by, shipment.at, shipment.number)]);
      const order = orderIn(uow, row.id);
      // The order as a whole has shipped: its `order.shipped` webhook (the buyer's mail is the shipment's).
      if (to === 'shipped') await uow.record('order.moved', { to, order });
      return { moved, to, order };
    },

    /**
     * A shipment delivered, in its unit: its timeline step, and once the order has shipped whole and
     * every shipment is delivered, the order `delivered`.
     */
    async deliveredIn(uow: UnitOfWork, row: OrderRow, shipmentNumber: string, everyShipmentDelivered: boolean, at: string, by: Actor): Promise<boolean> {
      await timeline.recordIn(uow.trx, [orderEvent('delivered', row.id, by, at, shipmentNumber)]);
      if (row.status !== 'shipped' || !everyShipmentDelivered) return true;
      const moved = await repo.transitionIn(uow.trx, row.id, 'shipped', 'delivered', { delivered_at: at, updated_at: at });
      if (moved) await uow.record('order.moved', { to: 'delivered', order: orderIn(uow, row.id) });
      return moved;
    },
  };
}

export type OrderShippingSteps = ReturnType<typeof createOrderShippingSteps>;
