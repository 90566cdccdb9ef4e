import type { Kysely, Transaction } from 'kysely';
import { precompiled } from '../../db/precompiled.js';
import type { DB } from '../../db/tables.js';
import type { OrderRow } from './order-rows.js';

/** What a confirmed payment writes onto its order. */
export interface PaidFacts {
  provider: string;
  reference: string;
  cardBrand: string | null;
  cardLast4: string | null;
  paidAt: string;
  invoiceNumber: number;
}

// Every card payment runs it: compiled once (ADR 0029).
const markPaidStatement = precompiled(
  (q, orderId: string, paidAt: string, provider: string, reference: string, cardBrand: string | null, cardLast4: string | null, invoiceNumber: number) =>
    q
      .updateTable('orders')
      .set({
        status: 'paid',
        paid_at: paidAt,
        updated_at: paidAt,
        payment_provider: provider,
        payment_reference: reference,
        card_brand: cardBrand,
        card_last4: cardLast4,
        invoice_number: invoiceNumber,
      })
      .where('id', '=', orderId)
      .where('status', '=', 'pending')
      .returningAll(),
);

/** The orders table's payment columns, written for the payments module (through the orders service). */
export function createOrderPaymentsRepository(db: Kysely<DB>) {
  return {
    /** Remembers the provider's reference of a started (not yet paid) payment, e.g. a Checkout Session. */
    async setPendingReference(orderId: string, provider: string, reference: string): Promise<void> {
      await db
        .updateTable('orders')
        .set({ payment_provider: provider, payment_reference: reference })
        .where('id', '=', orderId)
        .where('status', '=', 'pending')
        .execute();
    },

    /** The order's status as the caller's transaction sees it. */
    async statusIn(trx: Transaction<DB>, orderId: string): Promise<string | undefined> {
      return (await trx.selectFrom('orders').select(['status']).where('id', '=', orderId).executeTakeFirst())?.status;
    },

    /** Marks the order paid inside the caller's transaction if it is still pending; answers the paid order, or undefined when it was not pending. */
    async markPaidIn(trx: Transaction<DB>, orderId: string, paid: PaidFacts): Promise<OrderRow | undefined> {
      const { rows } = await markPaidStatement(trx, orderId, paid.paidAt, paid.provider, paid.reference, paid.cardBrand, paid.cardLast4, paid.invoiceNumber);
      return rows[0];
    },
  };
}

export type OrderPaymentsRepository = ReturnType<typeof createOrderPaymentsRepository>;
