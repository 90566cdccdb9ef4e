import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import type { Order } from '@bulkparts/shared';
import { formatDollars } from '@bulkparts/shared/money';
import { invoiceUrl } from '../api/get-invoice';

const myOrdersLink = (
  <Link to="/dashboard/myorders" className="btn btn-ghost">
    Go to My Orders
  </Link>
);

/**
 * What checkout says about an order that is not paid next (issue 18): one over the buyer's
 * spending limit waits for an approver of the company; one on account is invoiced, due later,
 * and its invoice can be downloaded at once. The heading takes the focus, so a screen reader
 * hears the outcome after the form goes away.
 */
export function OrderPlaced({ order }: { order: Order }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const awaiting = order.status === 'awaiting_approval';
  return (
    <section aria-labelledby="order-placed-title" className="card card-border bg-base-100">
      <div className="card-body gap-3 p-4 sm:p-6">
        <h2 id="order-placed-title" ref={heading} tabIndex={-1} className="card-title">
          {awaiting ? `Order ${order.orderNumber} is waiting for approval` : `Order ${order.orderNumber} placed on account`}
        </h2>
        {awaiting ? (
          <p>
            The order ({formatDollars(order.total)}) is above your spending limit, so an approver of your company must approve it first; they have been told by
            email. Its pieces are held for you meanwhile. You will get an email when it is approved or rejected
            {order.paymentMethod === 'card' ? ', and can then pay for it in My Orders.' : '.'}
          </p>
        ) : (
          <>
            <p>Your company is invoiced {formatDollars(order.total)}; nothing is charged now. Pay by bank transfer, quoting the invoice number.</p>
            {order.dueDate && (
              <p className="text-lg">
                Due date:{' '}
                <strong>
                  <time dateTime={order.dueDate}>{new Date(order.dueDate).toLocaleDateString()}</time>
                </strong>
              </p>
            )}
          </>
        )}
        <div className="flex flex-wrap gap-2">
          {!awaiting && (
            <a href={invoiceUrl(order._id)} download className="btn btn-primary">
              Download invoice
            </a>
          )}
          {myOrdersLink}
        </div>
      </div>
    </section>
  );
}
