import type { Cart } from '@bulkparts/shared';
import { formatDollars, formatUnitPriceDollars } from '@bulkparts/shared/money';
import { formatQuantity } from '@bulkparts/shared/quantity';
import { AvailabilityNote, availabilityOf } from '@/components/ui/availability-note';
import { ERROR_TEXT } from '@/components/ui/form';

/** The order about to be placed: every line at today's price, what ships when (issue 31), its problem if any, the total. */
export function CheckoutSummary({ cart }: { cart: Cart }) {
  return (
    <section aria-labelledby="checkout-summary-title" className="space-y-3 rounded-box bg-base-200 p-4">
      <h2 id="checkout-summary-title" className="text-xl font-semibold">
        Order summary
      </h2>
      <ul className="divide-y divide-base-300">
        {cart.lines.map((l) => (
          <li key={l.productId} className="py-2 text-sm">
            <div className="flex justify-between gap-3">
              <span className="min-w-0 break-words">
                {l.name} <span className="font-mono text-xs">({l.sku})</span>
              </span>
              <span className="shrink-0 font-semibold">{formatDollars(l.lineTotal)}</span>
            </div>
            <div className="text-base-content/70">
              {formatQuantity(l.quantity)} × {formatUnitPriceDollars(l.unitPrice)}
            </div>
            {!l.problem && <AvailabilityNote availability={availabilityOf(l.quantity, l.availableQuantity, l.backorder)} />}
            {l.problem && (
              <p role="alert" className={`font-semibold ${ERROR_TEXT}`}>
                {l.problem}
              </p>
            )}
          </li>
        ))}
      </ul>
      <p className="flex justify-between text-lg">
        <span>Total</span>
        <strong>{formatDollars(cart.subtotal)}</strong>
      </p>
    </section>
  );
}
