import { formatCents, formatRate, type OrderTotals } from '@bulkparts/shared';

/**
 * Issue 30: an order's totals, the same block on the checkout (planned with the shared
 * `planOrder`), the order page and the purchase page: subtotal excluding tax, shipping, tax per
 * rate, the total to pay. `estimate`: the figures may still change (a quote; a ship-to being typed).
 */
export function OrderTotalsBlock({ totals, estimate = false, title = 'Order total' }: { totals: OrderTotals; estimate?: boolean; title?: string }) {
  return (
    <section aria-label={title} className="rounded-box border border-base-300 p-3 text-sm sm:max-w-sm">
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1">
        <dt>Subtotal (excl. tax)</dt>
        <dd className="text-right tabular-nums">{formatCents(totals.subtotalCents)}</dd>
        {totals.shippingCents > 0 && (
          <>
            <dt>Shipping</dt>
            <dd className="text-right tabular-nums">{formatCents(totals.shippingCents)}</dd>
          </>
        )}
        {totals.tax.map((g) => (
          <div key={`${g.name}-${g.rateBp}`} className="contents">
            <dt>
              {g.name}
              {g.rateBp > 0 && !g.name.includes(formatRate(g.rateBp)) ? ` (${formatRate(g.rateBp)})` : ''}
              <span className="text-base-content/70"> on {formatCents(g.baseCents)}</span>
            </dt>
            <dd className="text-right tabular-nums">{formatCents(g.amountCents)}</dd>
          </div>
        ))}
        {totals.tax.length === 0 && (
          <>
            <dt>Tax</dt>
            <dd className="text-right tabular-nums">{formatCents(0)}</dd>
          </>
        )}
        <dt className="font-semibold">{estimate ? 'Estimated total' : 'Total to pay'}</dt>
        <dd className="text-right font-semibold tabular-nums" data-testid="order-total">
          {formatCents(totals.totalCents)}
        </dd>
      </dl>
      <p className="mt-2 text-xs text-base-content/70">Prices exclude tax; tax is added for the ship-to.</p>
    </section>
  );
}
