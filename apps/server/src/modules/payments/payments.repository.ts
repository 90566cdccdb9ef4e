import { sql, type Kysely, type Transaction } from 'kysely';
import { precompiled } from '../../db/precompiled.js';
import type { DB } from '../../db/tables.js';

const INVOICE_SEQUENCE = 'invoice_number';
const CREDIT_NOTE_SEQUENCE = 'credit_note_number';

// Every card payment takes an invoice number: compiled once (ADR 0029).
const nextStatement = precompiled((q, name: string) =>
  q
    .insertInto('sequences')
    .values({ name, value: 1 })
    .onConflict((oc) => oc.column('name').doUpdateSet({ value: sql<number>`sequences.value + 1` }))
    .returning('value'),
);

/** `payment_events` (each provider event acted on once) and the invoice number sequence. */
export function createPaymentsRepository(db: Kysely<DB>) {
  /** Records a provider event (inside `trx` when given); answers false when it was recorded before (a replay). */
  async function recordEventIn(
    trx: Transaction<DB> | Kysely<DB>,
    provider: string,
    event: { id: string; type: string },
    orderId: string | null,
    at: string,
  ): Promise<boolean> {
    const inserted = await trx
      .insertInto('payment_events')
      .values({ id: `${provider}:${event.id}`, provider, order_id: orderId, type: event.type, created_at: at })
      .onConflict((oc) => oc.column('id').doNothing())
      .executeTakeFirst();
    return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  /** The next number of a gap-free sequence, inside `trx` (a rollback gives it back): one upsert, whose row lock serialises concurrent takers on PostgreSQL. */
  async function nextIn(trx: Transaction<DB>, name: string): Promise<number> {
    const next = (await nextStatement(trx, name)).rows[0];
    if (!next) throw new Error(`sequence ${name} answered no value`);
    return Number(next.value);
  }

  return {
    recordEventIn,

    /** Records a verified event the shop does not act on, so replays are recognisable in the log. */
    recordEvent(provider: string, event: { id: string; type: string }, orderId: string | null, at: string): Promise<boolean> {
      return recordEventIn(db, provider, event, orderId, at);
    },

    /**
     * The next invoice number, taken inside `trx` so numbers have no gaps (a rollback gives it
     * back): one upsert, whose row lock serialises concurrent payments on PostgreSQL (SQLite has one writer).
     */
    nextInvoiceNumber: (trx: Transaction<DB>): Promise<number> => nextIn(trx, INVOICE_SEQUENCE),

    /** Issue 31: the next credit note number (`CN-000001`), gap-free as invoice numbers are. */
    nextCreditNoteNumber: (trx: Transaction<DB>): Promise<number> => nextIn(trx, CREDIT_NOTE_SEQUENCE),
  };
}

export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>;
