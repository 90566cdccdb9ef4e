import type { Selectable, Transaction } from 'kysely';
import type { OrdersTable } from '../../db/schema.js';
import type { DB } from '../../db/tables.js';
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
  statusIn(trx: Transaction<DB>, orderId: string): Promise<string | undefined>;
  markPaidIn(trx: Transaction<DB>, orderId: string, paid: PaymentFacts & { invoiceNumber: number }): Promise<boolean>;
  /** After a committed payment: tells the buyer. */
  paid(orderId: string): Promise<void>;
}

/** The invoice's buyer: account name and profile address (the profiles module answers). */
export type InvoiceBuyer = (userId: string) => Promise<{ name: string | null; address: string | null }>;
