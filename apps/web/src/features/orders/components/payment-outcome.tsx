import { Link } from 'react-router';
import type { Order } from '@bulkparts/shared';
import { isMultiLine } from '@/components/ui/order-contents';
import { hasInvoice, invoiceUrl } from '../api/get-invoice';

const myOrdersLink = (
  <Link to="/dashboard/myorders" className="btn btn-ghost">
    Back to My Orders
  </Link>
);

/** A paid order (also shipped or delivered): the receipt details and its invoice. */
export function PaidPanel({ order }: { order: Order }) {
  return (
    <section aria-labelledby="paid-title" className="card card-border border-green-700 bg-base-100">
      <div className="card-body gap-3 p-4 sm:p-6">
        <h2 id="paid-title" className="card-title text-green-800">
          <span aria-hidden="true">✓</span> Paid
        </h2>
        <p>
          {order.paidAt ? `Paid on ${new Date(order.paidAt).toLocaleString()}` : 'This order is paid'}
          {order.cardLast4 ? ` with ${order.cardBrand ?? 'card'} ending ${order.cardLast4}.` : '.'}
        </p>
        <div className="flex flex-wrap gap-2">
          {order.invoiceNumber !== null && (
            <a href={invoiceUrl(order._id)} download className="btn btn-primary">
              Invoice
            </a>
          )}
          {myOrdersLink}
        </div>
      </div>
    </section>
  );
}

/**
 * A cancelled or refunded order cannot be paid; say so and offer to order again. 'Buy again' here
 * opens one product's page, so only a one-line order has it (My Orders puts a whole order back in the cart).
 */
export function ClosedPanel({ order }: { order: Order }) {
  return (
    <section role="status" className="card card-border bg-base-100">
      <div className="card-body gap-3 p-4 sm:p-6">
        <p className="font-semibold">
          {order.status === 'refunded'
            ? 'This order was refunded.'
            : order.status === 'expired'
              ? 'This order was not paid in time and has expired; its pieces went back on sale. It cannot be paid.'
              : 'This order was cancelled. It cannot be paid.'}
        </p>
        <div className="flex flex-wrap gap-2">
          {!isMultiLine(order) && (
            <Link to={`/purchase/${order.productId}`} className="btn btn-primary">
              Buy again
            </Link>
          )}
          {myOrdersLink}
        </div>
      </div>
    </section>
  );
}

/**
 * An order that is not paid by card here (issue 18): waiting for the company's approval, invoiced
 * on account (paid by bank transfer by its due date), or rejected.
 */
export function NotPayablePanel({ order }: { order: Order }) {
  let text: string;
  if (order.status === 'awaiting_approval') text = 'This order is waiting for approval by your company. It can be paid once it is approved.';
  else if (order.status === 'invoiced') {
    text = `This order is paid on account by bank transfer${order.dueDate ? `, due ${new Date(order.dueDate).toLocaleDateString()}` : ''}.`;
  } else text = `This order was rejected${order.rejectionReason ? `: ${order.rejectionReason}` : '.'} It cannot be paid.`;
  return (
    <section role="status" className="card card-border bg-base-100">
      <div className="card-body gap-3 p-4 sm:p-6">
        <p className="font-semibold break-words">{text}</p>
        <div className="flex flex-wrap gap-2">
          {hasInvoice(order) && (
            <a href={invoiceUrl(order._id)} download className="btn btn-primary">
              Invoice
            </a>
          )}
          {myOrdersLink}
        </div>
      </div>
    </section>
  );
}

/** Back from Stripe's page: the order turns paid when the webhook arrives; until then we poll. */
export function AwaitingConfirmation({ timedOut, onCheckAgain }: { timedOut: boolean; onCheckAgain: () => void }) {
  if (!timedOut) {
    return (
      <p role="status" className="flex items-center gap-3 rounded-box bg-base-200 p-4">
        <span className="loading loading-spinner" aria-hidden="true" />
        Waiting for payment confirmation…
      </p>
    );
  }
  return (
    <div role="status" className="space-y-3 rounded-box bg-base-200 p-4">
      <p>We have not received the payment confirmation yet. If you paid, the order shows as paid in My Orders within a few minutes.</p>
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn btn-primary" onClick={onCheckAgain}>
          Check again
        </button>
        {myOrdersLink}
      </div>
    </div>
  );
}
