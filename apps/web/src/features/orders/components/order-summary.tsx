import type { Order } from '@bulkparts/shared';
import { isMultiLine, orderTitle } from '@/components/ui/order-contents';
import { OrderLines } from '@/components/ui/order-lines';
import { OrderStatusBadge } from '@/components/ui/order-status-badge';
import { OrderAmounts } from './order-amounts';

/**
 * What is being paid for: the product, quantity and unit price (a multi-line order: its parts, how
 * many lines and each line behind a disclosure), the total and where the order stands.
 */
export function OrderSummary({ order }: { order: Order }) {
  const multi = isMultiLine(order);
  return (
    <section aria-labelledby="order-summary-title" className="card card-border bg-base-100">
      <div className="card-body gap-4 p-4 sm:p-6">
        <h2 id="order-summary-title" className="card-title">
          Order summary
        </h2>
        <div className="flex items-start gap-4">
          {/* The first line's picture: it shows that part, not the whole order. */}
          <img
            src={order.img}
            alt={order.lines[0]?.name ?? order.Name}
            width="96"
            height="96"
            className="h-20 w-20 shrink-0 rounded bg-base-200 object-contain sm:h-24 sm:w-24"
          />
          <dl className="grid flex-1 grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm sm:text-base">
            <dt className="text-base-content/70">Order</dt>
            <dd>{order.orderNumber}</dd>
            <dt className="text-base-content/70">{multi ? 'Products' : 'Product'}</dt>
            <dd className="break-words">
              <span className="font-semibold">{orderTitle(order)}</span>
              {multi && <OrderLines lines={order.lines} orderLabel={order.orderNumber} />}
            </dd>
            <OrderAmounts order={order} />
            <dt className="text-base-content/70">Status</dt>
            <dd>
              <OrderStatusBadge status={order.status} />
            </dd>
            {order.status === 'invoiced' && order.dueDate && (
              <>
                <dt className="text-base-content/70">Due date</dt>
                <dd>
                  <time dateTime={order.dueDate}>{new Date(order.dueDate).toLocaleDateString()}</time>
                </dd>
              </>
            )}
            {order.expiresAt && (
              <>
                <dt className="text-base-content/70">Pay by</dt>
                <dd>
                  <time dateTime={order.expiresAt}>{new Date(order.expiresAt).toLocaleString()}</time>
                  <span className="block text-xs text-base-content/70">Unpaid orders are cancelled then and their pieces go back on sale.</span>
                </dd>
              </>
            )}
          </dl>
        </div>
      </div>
    </section>
  );
}
