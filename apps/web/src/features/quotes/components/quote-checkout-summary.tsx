import type { Quote } from '@bulkparts/shared';
import { formatDollars, formatUnitPriceDollars } from '@bulkparts/shared/money';
import { formatQuantity } from '@bulkparts/shared/quantity';

/**
 * The accepted quote's lines as the order will have them (issue 29): read-only, since the quoted
 * prices hold only for exactly these quantities; a list rather than a table so nothing hides off a
 * phone's screen (as the cart's checkout summary).
 */
export function QuoteCheckoutSummary({ quote }: { quote: Quote }) {
  return (
    <section aria-labelledby="quote-checkout-summary-title" className="space-y-3 rounded-box bg-base-200 p-4">
      <h2 id="quote-checkout-summary-title" className="text-xl font-semibold">
        Quote {quote.quoteNumber}
      </h2>
      <p className="text-sm text-base-content/80">Quoted prices and quantities are fixed: they are ordered exactly as quoted.</p>
      <ul aria-label="Quoted lines" className="divide-y divide-base-300">
        {quote.lines.map((l) => (
          <li key={l.productId} className="py-2 text-sm">
            <div className="flex justify-between gap-3">
              <span className="min-w-0 break-words">
                {l.name} <span className="font-mono text-xs">({l.sku})</span>
              </span>
              <span className="shrink-0 font-semibold">{l.lineTotal === null ? '—' : formatDollars(l.lineTotal)}</span>
            </div>
            <div className="text-base-content/70">
              {formatQuantity(l.quantity)} × {l.unitPrice === null ? '—' : formatUnitPriceDollars(l.unitPrice)}
            </div>
          </li>
        ))}
      </ul>
      <p className="flex justify-between text-lg">
        <span>Total</span>
        <strong>{quote.total === null ? '—' : formatDollars(quote.total)}</strong>
      </p>
    </section>
  );
}
