import type { Order, OrderStatus, Shipment, ShipmentInput } from '@bulkparts/shared';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/tables.js';
import type { OrderRow } from './orders.repository.js';

/**
 * What the orders service's parts (placement, moves, approvals, payments, mail) share:
 * the rules and the hooks they are given. A file of its own, below all of
 * them, so no part imports the service that assembles it (issue 29: no import cycle in orders/).
 */

export type OrderEvent = 'placed' | OrderStatus;

export interface OrderRules {
  /** Seconds an unpaid order holds its stock (UNPAID_ORDER_TTL). */
  unpaidTtlSeconds: number;
  /** Unpaid orders one account may have at once; 0 = no cap (PENDING_ORDERS_MAX). */
  pendingMax: number;
}

export interface OrderHooks {
  /** Runs before a paid order becomes `refunded`; throwing keeps it paid. */
  beforeRefund?: (row: OrderRow) => Promise<void>;
  /**
   * The payments module's next invoice number inside the order's transaction (issue 18): an
   * account order gets its invoice number when it becomes `invoiced` (wired in services.ts).
   */
  invoiceNumberIn?: (trx: Transaction<DB>) => Promise<number>;
}

/**
 * Issue 31: a shipment asked for (`POST /api/purchase/:id/shipments`); without `lines`, every
 * piece left (the spec's single "shipped" move).
 */
export interface ShipRequest {
  lines?: ShipmentInput['lines'] | undefined;
  carrier?: string | undefined;
  trackingNumber?: string | undefined;
  /** A warehouse's code; none: the default warehouse. */
  warehouse?: string | undefined;
}

/** The ship flow (flows/ship-order.ts) as the orders module is given it (services.ts). */
export type ShipOrder = (orderId: string, request: ShipRequest, by: string) => Promise<{ shipment: Shipment; order: Order }>;

/** The delivery of every shipment of an order that has shipped whole (the spec's "delivered" move). */
export type DeliverOrder = (orderId: string, by: string) => Promise<Order>;
