import type { UnitOfWork } from '../../db/unit-of-work.js';
import type { PaymentsRepository } from './payments.repository.js';

/** What the payments module does inside a payment's unit (flows/pay-order.ts opens it). */
export function createPaymentSteps(repo: PaymentsRepository) {
  return {
    /** The provider's event, once: false when it was recorded before (a replayed webhook changes nothing). */
    recordEventIn: (uow: UnitOfWork, provider: string, event: { id: string; type: string }, orderId: string, at: string) =>
      repo.recordEventIn(uow.trx, provider, event, orderId, at),
    /** The next invoice number, in the unit so numbers have no gaps (a rollback gives it back). */
    nextInvoiceNumberIn: (uow: UnitOfWork) => repo.nextInvoiceNumber(uow.trx),
  };
}

export type PaymentSteps = ReturnType<typeof createPaymentSteps>;
