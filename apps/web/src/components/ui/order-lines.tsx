import { useId, useState, type ReactNode } from 'react';
import type { OrderLine } from '@bulkparts/shared';
import { formatDollars, formatUnitPriceDollars } from '@bulkparts/shared/money';
import { formatQuantity } from '@bulkparts/shared/quantity';
import { lineCountText } from './order-contents';

/** 'List price $0.20 each: 10% below the list' (a company price, a quote), or '…: above the list'. */
export function listPriceText(unitPrice: number, listUnitPrice: number): string {
  const list = `List price ${formatUnitPriceDollars(listUnitPrice)} each`;
  if (listUnitPrice <= 0) return list;
  const percent = Math.round((Math.abs(listUnitPrice - unitPrice) / listUnitPrice) * 100);
  return `${list}: ${percent}% ${unitPrice < listUnitPrice ? 'below' : 'above'} the list`;
}

/**
 * An order's lines behind a disclosure button (`aria-expanded`): closed, the row stays one line
 * tall however many parts the order has. The list is only rendered while open, so a closed order
 * repeats none of its figures to searches and screen readers. `details` (the approval queue's
 * ship-to and note) are shown under the lines, and the button names them (`details.label`). A
 * line priced off the list (a company price, a quote) says the list price beside it, so an
 * approver sees what the order pays against the catalogue (issue 29).
 */
export function OrderLines({
  lines,
  orderLabel,
  details,
}: {
  lines: readonly OrderLine[];
  orderLabel: string;
  details?: { label: string; content: ReactNode };
}) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const count = lineCountText(lines.length);
  return (
    <div className="text-sm">
      <button
        type="button"
        className="btn btn-link btn-xs h-auto min-h-0 px-0"
        aria-expanded={open}
        aria-controls={`${id}-lines`}
        onClick={() => setOpen(!open)}
      >
        {open ? 'Hide' : 'Show'} {count}
        {details && `, ${details.label}`}
        <span className="sr-only"> of {orderLabel}</span>
      </button>
      <div id={`${id}-lines`}>
        {open && (
          <ul className="mt-1 space-y-1" aria-label={`Lines of ${orderLabel}`}>
            {lines.map((l) => (
              <li key={l.productId} className="rounded bg-base-200 px-2 py-1">
                {l.sku && <span className="font-mono text-xs">{l.sku} </span>}
                <span className="break-words">{l.name}</span>
                <span className="block">
                  {formatQuantity(l.quantity)} × {formatUnitPriceDollars(l.unitPrice)} = <strong>{formatDollars(l.lineTotal)}</strong>
                </span>
                {l.listUnitPrice !== undefined && l.listUnitPrice !== l.unitPrice && (
                  <span className="block text-xs">{listPriceText(l.unitPrice, l.listUnitPrice)}</span>
                )}
              </li>
            ))}
          </ul>
        )}
        {open && details?.content}
      </div>
    </div>
  );
}
