import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { RETURNABLE_ORDER_STATUSES, type Order } from '@bulkparts/shared';
import { LoadFailure } from '@/components/ui/load-failure';
import { returnQueries } from '../api/return-queries';
import { ReturnCard } from './return-card';
import { returnable, ReturnRequestForm } from './return-request-form';

/**
 * An order's returns on its page (issue 31): each with its status and credit note; the buyer (or
 * their company's admin, `canRequest`) asks to return shipped parts.
 */
export function OrderReturns({ order, canRequest }: { order: Order; canRequest: boolean }) {
  const returns = useQuery(returnQueries.ofOrder(order._id));
  const [asking, setAsking] = useState(false);
  const open = canRequest && (RETURNABLE_ORDER_STATUSES as readonly string[]).includes(order.status) && order.lines.some((l) => returnable(l) > 0);
  return (
    <section aria-labelledby="order-returns-title" className="space-y-2">
      <h2 id="order-returns-title" className="text-lg font-semibold">
        Returns
      </h2>
      {returns.isError && <LoadFailure error={returns.error} onRetry={returns.refetch} />}
      {returns.data && returns.data.length === 0 && <p className="text-sm text-base-content/70">No parts of this order have been returned.</p>}
      {returns.data && returns.data.length > 0 && (
        <ul className="space-y-3" aria-label="Returns of this order">
          {returns.data.map((r) => (
            <ReturnCard key={r._id} ret={r} />
          ))}
        </ul>
      )}
      {open &&
        (asking ? (
          <ReturnRequestForm order={order} onDone={() => setAsking(false)} />
        ) : (
          <button type="button" className="btn btn-outline btn-sm" onClick={() => setAsking(true)}>
            Return parts
          </button>
        ))}
    </section>
  );
}
