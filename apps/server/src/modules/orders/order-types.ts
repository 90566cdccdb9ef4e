import type { Order, OrderStatus } from '@bulkparts/shared';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/tables.js';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import type { ProductsService } from '../products/products.service.js';
import type { OrderRow } from './orders.repository.js';

/**
 * What the orders service's parts (placement, moves, approvals, purchase, payments, mail) share:
 * the notifier, the rules, the hooks and the stock they are given. A file of its own, below all of
 * them, so no part imports the service that assembles it (issue 29: no import cycle in orders/).
 */

export type OrderEvent = 'placed' | OrderStatus;

/**
 * Tells the buyer, the company and the webhooks about an order (`order-mail.ts` implements it).
 * Each method writes its outbox rows (mail, webhook deliveries) in the unit of the change and
 * registers its own after-commit work (waking the workers, the orders metric) with that unit, so
 * nothing is announced for a change that rolled back (issue 29). `changed` mails a committed move.
 */
export interface OrderNotifier {
  /** After a committed status change. */
  changed(order: Order, event: OrderStatus): void;
  /** Issue 19: a status change's webhook (`order` reads the moved order in the unit, only when an endpoint wants the event). */
  moved(uow: UnitOfWork, event: OrderStatus, order: () => Promise<Order>): Promise<void>;
  /** A new order's mail and webhook; `approverEmails`: an order waiting for approval also tells its company's approvers. */
  placed(uow: UnitOfWork, order: Order, approverEmails?: readonly string[]): Promise<void>;
  /** Orders the server moved on its own: expired unpaid, or (issue 18) `rejected` after waiting APPROVAL_TIMEOUT_DAYS. */
  swept(uow: UnitOfWork, event: 'expired' | 'rejected', orders: readonly Order[]): Promise<void>;
  /** Issue 18: an invoice past its due date; its company's admins are reminded once. */
  reminded(uow: UnitOfWork, order: Order, adminEmails: readonly string[]): Promise<void>;
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

/** The product an order is for (stock itself is moved by the flows, in their units). */
export type OrderStock = Pick<ProductsService, 'findOrderable'>;
