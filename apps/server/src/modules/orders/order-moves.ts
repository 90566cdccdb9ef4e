import { canTransition, SHIPPING_ADDRESS_NEEDED, STOCK_RETURNING_STATUSES, type Order, type OrderStatus } from '@bulkparts/shared';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/tables.js';
import { AppError } from '../../lib/errors.js';
import { nowIso } from '../../lib/ids.js';
import type { OrderRow, OrderView, OrdersRepository } from './orders.repository.js';
import { toOrder } from './order-view.js';
import type { OrderHooks, OrderNotifier, OrderStock } from './order-types.js';
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

/** Order lines as the products module's stock pieces. */
export const piecesOf = (lines: readonly { product_id: string; quantity: number }[]) =>
  lines.map((l) => ({ productId: l.product_id, quantity: Number(l.quantity) }));

/** What an order's status change writes besides the status: fixed, or computed inside its transaction. */
export type MoveChanges = Partial<OrderRow> | ((trx: Transaction<DB>) => Promise<Partial<OrderRow>>);

export interface OrderMovesDeps {
  repo: OrdersRepository;
  stock: Pick<OrderStock, 'returnStock' | 'stockCommitted'>;
  notify: OrderNotifier;
  hooks: Pick<OrderHooks, 'beforeRefund'>;
  /** Issue 29: each move's timeline step, recorded in its transaction. */
  timeline: OrderTimelineLog;
  /** A row with its lines (orders.service.ts). */
  one: (row: OrderView) => Promise<Order>;
}

/** How an existing order changes status: `commitMove` (shared with order-approvals.ts) and `move` (the status rules). */
export function createOrderMoves({ repo, stock, notify, hooks, timeline, one }: OrderMovesDeps) {
  /**
   * Moves the order from `from` to `to` only if it is still `from`, with `changes` in the same
   * transaction; a status that returns stock (cancelled, expired, rejected) puts every line back
   * in that transaction too, and so does its timeline step, with `by` who made it. Answers the
   * fresh order and tells the buyer; 409 when another request moved it first.
   */
  async function commitMove(id: string, from: OrderStatus, to: OrderStatus, changes: MoveChanges, by: Actor): Promise<Order> {
    const step = timelineEventOf(from, to);
    const returnsStock = STOCK_RETURNING_STATUSES.includes(to);
    // Lines never change once placed, so they are read before the transaction.
    const lines = await repo.linesOf([id]);
    // Issue 19: the move's webhook is recorded in its transaction, with the order as moved there.
    const moving = notify.moving();
    let moved: boolean;
    try {
      moved = await repo.transition(id, from, to, changes, async (trx) => {
        if (returnsStock) await stock.returnStock(trx, piecesOf(lines));
        // Stamped like the move itself (its `updated_at`, e.g. the same instant as `shipped_at`).
        const at = typeof changes === 'function' ? nowIso() : (changes.updated_at ?? nowIso());
        if (step) await timeline.recordIn(trx, [orderEvent(step, id, by, at)]);
        await moving.write(trx, to, async () => toOrder((await repo.findById(id, trx))!, lines));
      });
    } finally {
      if (returnsStock) stock.stockCommitted();
    }
    if (moved) moving.committed();
    const fresh = await repo.findById(id);
    if (!moved || !fresh) throw new AppError('INVALID_TRANSITION', `The order changed meanwhile; it is now ${fresh?.status ?? 'gone'}`);
    const order = await one(fresh);
    notify.changed(order, to);
    return order;
  }

  /** A status change allowed by the order's state machine (`canTransition`), stamped with its time; a refund asks `beforeRefund` first. */
  async function move(row: OrderRow, to: OrderStatus, by: Actor, shipment: ShipmentDetails = {}): Promise<Order> {
    const from = row.status as OrderStatus;
    if (!canTransition(from, to)) {
      throw new AppError('INVALID_TRANSITION', `An order that is ${from} cannot become ${to}`);
    }
    // Issue 29: nothing ships without a ship-to (a spec client's purchase may have none until its buyer gives one).
    // The address is never removed once given, so the row read before the move is enough.
    if (to === 'shipped' && !row.shipping_address) throw new AppError('CONFLICT', SHIPPING_ADDRESS_NEEDED);
    if (to === 'refunded') await hooks.beforeRefund?.(row);
    const now = nowIso();
    const changes: Partial<OrderRow> = { updated_at: now };
    const column = TIMESTAMP_COLUMN[to];
    if (column) (changes as Record<string, unknown>)[column] = now;
    if (to === 'shipped') Object.assign(changes, { carrier: shipment.carrier ?? null, tracking_number: shipment.trackingNumber ?? null });
    return commitMove(row.id, from, to, changes, by);
  }

  return { commitMove, move };
}

export type CommitMove = ReturnType<typeof createOrderMoves>['commitMove'];
