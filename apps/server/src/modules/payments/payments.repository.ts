import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/tables.js';
import type { OrderRow } from '../orders/orders.repository.js';

const INVOICE_SEQUENCE = 'invoice_number';

export interface PaymentRecord {
  provider: string;
  reference: string;
  cardBrand: string | null;
  cardLast4: string | null;
  paidAt: string;
}

export type MarkPaidOutcome = 'paid' | 'not-pending' | 'replayed';

export function createPaymentsRepository(db: Kysely<DB>) {
  return {
    findOrder(id: string): Promise<OrderRow | undefined> {
      return db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** Remembers the provider's reference of a started (not yet paid) payment, e.g. a Checkout Session. */
    async setPendingReference(orderId: string, provider: string, reference: string): Promise<void> {
      await db
        .updateTable('orders')
        .set({ payment_provider: provider, payment_reference: reference })
        .where('id', '=', orderId)
        .where('status', '=', 'pending')
        .execute();
    },

    /**
     * Marks a pending order paid and gives it the next invoice number, in one transaction. The
     * `status = 'pending'` guard makes paying twice impossible (also across instances); the invoice
     * number is taken in the same transaction so numbers have no gaps. A webhook event id is stored
     * in the same transaction too: a replayed event finds it and changes nothing.
     */
    async markPaid(orderId: string, payment: PaymentRecord, event?: { id: string; type: string }): Promise<MarkPaidOutcome> {
      return db
        .transaction()
        .execute(async (trx) => {
          if (event) {
            const inserted = await trx
              .insertInto('payment_events')
              .values({ id: `${payment.provider}:${event.id}`, provider: payment.provider, order_id: orderId, type: event.type, created_at: payment.paidAt })
              .onConflict((oc) => oc.column('id').doNothing())
              .executeTakeFirst();
            if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return 'replayed';
          }
          const order = await trx.selectFrom('orders').select(['status']).where('id', '=', orderId).executeTakeFirst();
          if (order?.status !== 'pending') return 'not-pending';

          await trx
            .insertInto('sequences')
            .values({ name: INVOICE_SEQUENCE, value: 0 })
            .onConflict((oc) => oc.column('name').doNothing())
            .execute();
          // The row lock of this update serialises concurrent payments on PostgreSQL; SQLite has one writer.
          const next = await trx
            .updateTable('sequences')
            .set({ value: sql`value + 1` })
            .where('name', '=', INVOICE_SEQUENCE)
            .returning('value')
            .executeTakeFirstOrThrow();
          const updated = await trx
            .updateTable('orders')
            .set({
              status: 'paid',
              paid_at: payment.paidAt,
              updated_at: payment.paidAt,
              payment_provider: payment.provider,
              payment_reference: payment.reference,
              card_brand: payment.cardBrand,
              card_last4: payment.cardLast4,
              invoice_number: Number(next.value),
            })
            .where('id', '=', orderId)
            .where('status', '=', 'pending')
            .executeTakeFirst();
          if (Number(updated.numUpdatedRows) === 0) {
            // Lost a race with another payment or a cancel: undo the invoice number.
            throw new NotPendingError();
          }
          return 'paid';
        })
        .catch((error: unknown) => {
          if (error instanceof NotPendingError) return 'not-pending' as const;
          throw error;
        });
    },

    /** Records a verified event the shop does not act on, so replays are recognisable in the log. */
    async recordEvent(provider: string, event: { id: string; type: string }, orderId: string | null, at: string): Promise<boolean> {
      const inserted = await db
        .insertInto('payment_events')
        .values({ id: `${provider}:${event.id}`, provider, order_id: orderId, type: event.type, created_at: at })
        .onConflict((oc) => oc.column('id').doNothing())
        .executeTakeFirst();
      return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
    },
  };
}

class NotPendingError extends Error {}

export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>;

/** The buyer as the invoice names them: account name and the address of their profile, if any. */
export function createInvoiceRepository(db: Kysely<DB>) {
  return {
    async findBuyer(userId: string): Promise<{ name: string | null; address: string | null }> {
      const row = await db
        .selectFrom('user')
        .leftJoin('profiles', 'profiles.user_id', 'user.id')
        .select(['user.name as name', 'profiles.address as address'])
        .where('user.id', '=', userId)
        .executeTakeFirst();
      return { name: row?.name ?? null, address: row?.address || null };
    },
  };
}
