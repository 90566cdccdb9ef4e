import type { Order, OrderStatus } from '@bulkparts/shared';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/tables.js';
import type { ProductsService } from '../products/products.service.js';
import type { OrderRow } from './orders.repository.js';

/**
 * What the orders service's parts (placement, moves, approvals, purchase, payments, mail) share:
 * the notifier, the rules, the hooks and the stock they are given. A file of its own, below all of
 * them, so no part imports the service that assembles it (issue 29: no import cycle in orders/).
 */

export type OrderEvent = 'placed' | OrderStatus;

/** Tells the buyer (and the metrics) about an order; `order-mail.ts` implements it. */
export interface OrderNotifier {
  /** After a committed status change. */
  changed(order: Order, event: OrderStatus): void;
  /**
   * Issue 19: a status change's webhook, inside its transaction (`order` reads the moved order
   * there, only when an endpoint wants the event); `committed` after it commits.
   */
  moving(): { write(trx: Transaction<DB>, event: OrderStatus, order: () => Promise<Order>): Promise<void>; committed(): void };
  /**
   * A new order: `write` runs inside the order's transaction (with its number), `committed` after
   * it commits. `approverEmails`: an order waiting for approval also tells its company's approvers.
   */
  placing(): { write(trx: Transaction<DB>, order: Order, approverEmails?: readonly string[]): Promise<void>; committed(): void };
  /**
   * Orders the server moved on its own, in the sweep's transaction: expired unpaid, or (issue 18)
   * `rejected` after waiting APPROVAL_TIMEOUT_DAYS for approval.
   */
  expiring(event?: 'expired' | 'rejected'): { write(trx: Transaction<DB>, orders: Order[]): Promise<void>; committed(): void };
  /** Issue 18: an invoice past its due date; its company's admins are reminded once, in the sweep's transaction. */
  reminding(): { write(trx: Transaction<DB>, order: Order, adminEmails: readonly string[]): Promise<void>; committed(): void };
}

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

export type OrderStock = Pick<ProductsService, 'findOrderable' | 'takeStockMany' | 'returnStock' | 'stockCommitted'>;
