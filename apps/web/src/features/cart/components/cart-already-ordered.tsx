import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import type { AlreadyOrdered } from '../api/checkout';

/**
 * What checkout says when an overlapping checkout of the same cart (another tab, a retry) made
 * the order first (issue 28): which order it became, and where to see (and pay) it. It replaces the
 * form, whose cart is now empty. The heading takes the focus, so a screen reader hears it.
 */
export function CartAlreadyOrdered({ outcome: { message, order } }: { outcome: AlreadyOrdered }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section aria-labelledby="cart-already-ordered-title" className="card card-border bg-base-100">
      <div className="card-body gap-3 p-4 sm:p-6">
        <h2 id="cart-already-ordered-title" ref={heading} tabIndex={-1} className="card-title">
          {order ? `${message} as ${order.orderNumber}` : message}
        </h2>
        <p>Another checkout of this cart (in another tab, or an earlier try) placed that order first; nothing more was ordered.</p>
        <div className="flex flex-wrap gap-2">
          {order && (
            <Link to={`/dashboard/payment/${order.orderId}`} className="btn btn-primary">
              View order {order.orderNumber}
            </Link>
          )}
          <Link to="/dashboard/myorders" className="btn btn-ghost">
            Go to My Orders
          </Link>
        </div>
      </div>
    </section>
  );
}
