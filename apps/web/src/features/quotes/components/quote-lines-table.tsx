import type { QuoteLine } from '@bulkparts/shared';
import { dollarsToE4, E4_PER_DOLLAR, formatCents, formatDollars, formatUnitPriceDollars, lineTotalCents } from '@bulkparts/shared/money';
import { formatQuantity } from '@bulkparts/shared/quantity';
import { DataTable } from '@/components/ui/data-table';

/**
 * A quote's lines: what was asked, the shop's own price for that quantity (`listUnitPrice`, what
 * the buyer would pay without the quote) and the quoted price once answered. On phones each line is
 * a card (DataTable), so no figure hides off to the side.
 */
export function QuoteLinesTable({ lines, total }: { lines: readonly QuoteLine[]; total: number | null }) {
  const listCents = lines.reduce((sum, l) => sum + lineTotalCents(dollarsToE4(l.listUnitPrice) ?? Math.round(l.listUnitPrice * E4_PER_DOLLAR), l.quantity), 0);
  return (
    <div className="space-y-2">
      <DataTable
        rows={lines}
        rowKey={(l) => l.productId}
        columns={[
          {
            header: 'Product',
            cell: (l) => (
              <>
                <span className="block break-words">{l.name}</span>
                <span className="font-mono text-xs">{l.sku}</span>
              </>
            ),
          },
          { header: 'Quantity', cell: (l) => formatQuantity(l.quantity) },
          { header: 'Shop price', cell: (l) => formatUnitPriceDollars(l.listUnitPrice) },
          {
            header: 'Quoted price',
            cell: (l) => (l.unitPrice === null ? <span className="text-base-content/70">Not yet</span> : formatUnitPriceDollars(l.unitPrice)),
          },
          { header: 'Line total', cell: (l) => (l.lineTotal === null ? '—' : <strong>{formatDollars(l.lineTotal)}</strong>) },
        ]}
      />
      <dl className="grid grid-cols-[auto_auto] justify-end gap-x-4 gap-y-1 text-right">
        <dt className="text-base-content/70">At shop prices</dt>
        <dd>{formatCents(listCents)}</dd>
        <dt className="font-semibold">Quoted total</dt>
        <dd className="font-semibold">{total === null ? 'Not answered yet' : formatDollars(total)}</dd>
      </dl>
    </div>
  );
}
