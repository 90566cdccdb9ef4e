import type { Selectable } from 'kysely';
import type { OrdersTable } from '../../db/schema.js';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import type { InvoiceLineInput } from './invoice-content.js';

export type PayableOrder = Selectable<OrdersTable>;

export interface PaymentFacts {
  provider: string;
  reference: string;
  cardBrand: string | null;
  cardLast4: string | null;
  paidAt: string;
}

/**
 * The orders the payments module pays, as the orders module offers them (orders/order-payments.ts,
 * wired in services.ts). A shape, not an import: payments and orders do not import each other.
 */
export interface PayableOrders {
  find(id: string): Promise<PayableOrder | undefined>;
  /** The order's lines, in order (the invoice lists every one, a provider's payment page too). */
  lines(orderId: string): Promise<InvoiceLineInput[]>;
  setPendingReference(orderId: string, provider: string, reference: string): Promise<void>;
  statusIn(uow: UnitOfWork, orderId: string): Promise<string | undefined>;
  /**
   * In the payment's unit: the order paid (only if still pending), its webhook and timeline step.
   * `lines`: the order's lines as `lines` answered them before the unit, used for the buyer's mail
   * where they cannot have changed since (issue 29: one read less per payment).
   */
  markPaidIn(uow: UnitOfWork, orderId: string, paid: PaymentFacts & { invoiceNumber: number }, lines?: readonly InvoiceLineInput[]): Promise<boolean>;
}

/** The invoice's buyer: account name and profile address (the profiles module answers). */
export type InvoiceBuyer = (userId: string) => Promise<{ name: string | null; address: string | null }>;

/** What marking an order paid came to: paid now, no longer pending (a race lost, a cancel), or a provider's event seen before. */
export type MarkPaidOutcome = 'paid' | 'not-pending' | 'replayed';

/**
 * The pay-order flow (flows/pay-order.ts) as the payments module is given it (services.ts): the
 * order paid with the next invoice number and the provider's event id, in one unit.
 */
export type MarkOrderPaid = (
  orderId: string,
  payment: PaymentFacts,
  known?: { event?: { id: string; type: string }; lines?: readonly InvoiceLineInput[] },
) => Promise<MarkPaidOutcome>;
