import type { Order } from '@bulkparts/shared';
import { formatDollars, formatUnitPriceDollars } from '@bulkparts/shared/money';
import { formatQuantity } from '@bulkparts/shared/quantity';
import { isMultiLine, lineCountText } from '@/components/ui/order-contents';

/**
 * Quantity, unit price and total as `<dt>`/`<dd>` pairs, for the caller's `<dl>` (order card, order
 * summary). A multi-line order has no one quantity or unit price: it shows how many lines it has.
 */
export function OrderAmounts({ order }: { order: Order }) {
  return (
    <>
      {isMultiLine(order) ? (
        <>
          <dt className="text-base-content/70">Lines</dt>
          <dd>{lineCountText(order.lines.length)}</dd>
        </>
      ) : (
        <>
          <dt className="text-base-content/70">Quantity</dt>
          <dd>{formatQuantity(order.quantity)}</dd>
          <dt className="text-base-content/70">Unit price</dt>
          <dd>{formatUnitPriceDollars(order.price)}</dd>
        </>
      )}
      <dt className="text-base-content/70">Total</dt>
      <dd className="font-semibold">{formatDollars(order.total)}</dd>
    </>
  );
}
