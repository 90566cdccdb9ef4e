import { canTransition, STOCK_RETURNING_STATUSES, type Order, type OrderStatus } from '@bulkparts/shared';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/tables.js';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import { AppError } from '../../lib/errors.js';
import { nowIso } from '../../lib/ids.js';
import { once } from '../../lib/once.js';
import type { OrderLineRow, OrderRow, OrderView, OrdersRepository } from './orders.repository.js';
import { toOrder } from './order-view.js';
import type { OrderHooks } from './order-types.js';
import { orderEvent, timelineEventOf, type Actor, type OrderTimelineLog } from './order-timeline.js';

export interface ShipmentDetails {
  carrier?: string | undefined;
  trackingNumber?: string | undefined;
}

const TIMESTAMP_COLUMN: Partial<Record<OrderStatus, keyof OrderRow>> = {
  paid: 'paid_at',
  shipped: 'shipped_at',
  delivered: 'delivered_at',
  cancelled: 'cancelled_at',
  refunded: 'refunded_at',
};

/**
 * Order lines as the products module's stock pieces: `quantity` the committed ones (ordered, not
 * backordered, not yet shipped), `backordered` those waiting in the product's queue (issue 31).
 */
export const piecesOf = (lines: readonly Pick<OrderLineRow, 'product_id' | 'quantity' | 'shipped_quantity' | 'backordered'>[]) =>
  lines.map((l) => ({
    productId: l.product_id,
    quantity: Number(l.quantity) - Number(l.shipped_quantity ?? 0) - Number(l.backordered ?? 0),
    backordered: Number(l.backordered ?? 0),
  }));

/** What an order's status change writes besides the status: fixed, or computed inside its unit. */
export type MoveChanges = Partial<OrderRow> | ((trx: Transaction<DB>) => Promise<Partial<OrderRow>>);

/**
 * The move-order flow (flows/move-order.ts) as the orders module is given it (services.ts): moves
 * the order from `from` to `to` only if it is still `from`, with `changes` and `by`'s timeline step
 * in one unit, its stock back when `to` returns stock; answers the fresh order, 409 when another
 * request moved it first. `as` (issue 31): the step it is for the timeline, mail and webhooks when
 * the status itself stays (a shipped order on account being paid is `paid` there).
 */
export type MoveOrder = (id: string, from: OrderStatus, to: OrderStatus, changes: MoveChanges, by: Actor, as?: OrderStatus) => Promise<Order>;

export interface OrderMovesDeps {
  repo: OrdersRepository;
  /** Issue 29: each move's timeline step, recorded in its unit. */
  timeline: OrderTimelineLog;
  /** A row with its lines (orders.service.ts). */
  one: (row: OrderView) => Promise<Order>;
}

/**
 * The orders module's side of a status change (the unit is the move-order flow's): `moveIn` writes
 * the status and its timeline step and records `order.moved` in the unit (its mail and webhook);
 * `settle` reads the order after the commit; `returnsStock` says whether the flow puts the lines back.
 */
export function createOrderMoveSteps({ repo, timeline, one }: OrderMovesDeps) {
  return {
    returnsStock: (to: OrderStatus) => STOCK_RETURNING_STATUSES.includes(to),
    linesOf: (id: string) => repo.linesOf([id]),
    /** The lines as the unit sees them (read again once the products are locked: what is committed may have changed). */
    linesIn: (uow: UnitOfWork, id: string) => repo.linesOf([id], uow.trx),

    async moveIn(
      uow: UnitOfWork,
      id: string,
      from: OrderStatus,
      to: OrderStatus,
      changes: MoveChanges,
      by: Actor,
      lines: readonly OrderLineRow[],
      as: OrderStatus = to,
    ) {
      // A function computes the changes inside the unit (an invoice number rolls back with a lost race).
      const set = typeof changes === 'function' ? await changes(uow.trx) : changes;
      if (!(await repo.transitionIn(uow.trx, id, from, to, set))) return false;
      const step = timelineEventOf(from, as);
      // Stamped like the move itself (its `updated_at`, e.g. the same instant as `shipped_at`).
      if (step) await timeline.recordIn(uow.trx, [orderEvent(step, id, by, set.updated_at ?? nowIso())]);
      // The move's mail and webhook, with the order as moved in this unit.
      await uow.record('order.moved', { to: as, order: once(async () => toOrder((await repo.findById(id, uow.trx))!, lines)) });
      return true;
    },

    async settle(id: string, moved: boolean): Promise<Order> {
      const fresh = await repo.findById(id);
      if (!moved || !fresh) throw new AppError('INVALID_TRANSITION', `The order changed meanwhile; it is now ${fresh?.status ?? 'gone'}`);
      return one(fresh);
    },
  };
}

export type OrderMoveSteps = ReturnType<typeof createOrderMoveSteps>;

/** How an existing order changes status by its state machine (`canTransition`), through the move-order flow. */
export function createOrderMoves({ hooks, moveOrder }: { hooks: Pick<OrderHooks, 'beforeRefund'>; moveOrder: MoveOrder }) {
  /**
   * A status change allowed by the order's state machine, stamped with its time; a refund asks
   * `beforeRefund` first. Shipping and delivering are the ship flow's (flows/ship-order.ts, issue 31).
   */
  async function move(row: OrderRow, to: OrderStatus, by: Actor): Promise<Order> {
    const from = row.status as OrderStatus;
    if (!canTransition(from, to)) {
      throw new AppError('INVALID_TRANSITION', `An order that is ${from.replace('_', ' ')} cannot become ${to.replace('_', ' ')}`);
    }
    if (to === 'refunded') await hooks.beforeRefund?.(row);
    const now = nowIso();
    const changes: Partial<OrderRow> = { updated_at: now };
    const column = TIMESTAMP_COLUMN[to];
    if (column) (changes as Record<string, unknown>)[column] = now;
    return moveOrder(row.id, from, to, changes, by);
  }

  return { move };
}
