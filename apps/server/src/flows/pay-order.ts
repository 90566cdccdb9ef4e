import type { Units } from '../db/unit-of-work.js';
import type { MarkOrderPaid, MarkPaidOutcome, PayableOrders } from '../modules/payments/payable-orders.js';
import type { PaymentSteps } from '../modules/payments/payment-steps.js';

/** Thrown inside the unit when another payment or a cancel moved the order first: the invoice number rolls back. */
class NotPendingError extends Error {}

/**
 * A pending order paid (the test card, Stripe's webhook): one unit of work with the provider's
 * event id (a replay finds it and changes nothing), the next invoice number (no gaps: a rollback
 * gives it back), the order paid only if still pending (paying twice is impossible, also across
 * instances), its timeline step and webhook. The buyer's mail follows the commit; it lists the
 * lines the caller already read (`lines`) where those cannot have changed.
 */
export function createPayOrder({ units, payments, orders }: { units: Units; payments: PaymentSteps; orders: PayableOrders }): MarkOrderPaid {
  return async function markPaid(orderId, payment, { event, lines } = {}) {
    try {
      return await units.run(async (uow): Promise<MarkPaidOutcome> => {
        if (event) {
          if (!(await payments.recordEventIn(uow, payment.provider, event, orderId, payment.paidAt))) return 'replayed';
          // A provider's event is kept even for an order that moved meanwhile (its replay must be
          // recognised, or its refund would be made twice): the status is read before anything else.
          if ((await orders.statusIn(uow, orderId)) !== 'pending') return 'not-pending';
        }
        // A card payment: the conditional update below is the check; losing it rolls the number back.
        const invoiceNumber = await payments.nextInvoiceNumberIn(uow);
        if (!(await orders.markPaidIn(uow, orderId, { ...payment, invoiceNumber }, lines))) throw new NotPendingError();
        return 'paid';
      });
    } catch (error) {
      if (error instanceof NotPendingError) return 'not-pending';
      throw error;
    }
  };
}
