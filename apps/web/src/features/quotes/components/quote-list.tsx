import { Link } from 'react-router';
import type { Quote } from '@bulkparts/shared';
import { formatDollars } from '@bulkparts/shared/money';
import { formatQuantity } from '@bulkparts/shared/quantity';
import { DataTable, type Column } from '@/components/ui/data-table';
import { QuoteStatusBadge } from './quote-status-badge';

const pieces = (q: Quote) => q.lines.reduce((sum, l) => sum + l.quantity, 0);

/** A list of quotes (the buyer's own, or every quote for admins with the buyer's address), each opening its page. */
export function QuoteList({ quotes, showBuyer = false }: { quotes: readonly Quote[]; showBuyer?: boolean }) {
  const columns: Column<Quote>[] = [
    {
      header: 'Quote',
      cell: (q) => (
        <Link to={`/quotes/${q._id}`} className="link font-semibold">
          {q.quoteNumber}
        </Link>
      ),
    },
    ...(showBuyer ? [{ header: 'Buyer', className: 'break-all', cell: (q: Quote) => q.userEmail }] : []),
    { header: 'Asked on', cell: (q) => new Date(q.createdAt).toLocaleDateString() },
    {
      header: 'Lines',
      cell: (q) => (
        <>
          <span className="block break-words">
            {q.lines[0]?.name}
            {q.lines.length > 1 && ` and ${q.lines.length - 1} more`}
          </span>
          <span className="text-xs">{formatQuantity(pieces(q))}</span>
        </>
      ),
    },
    { header: 'Status', cell: (q) => <QuoteStatusBadge status={q.status} small /> },
    { header: 'Total', cell: (q) => (q.total === null ? '—' : formatDollars(q.total)) },
    { header: 'Valid until', cell: (q) => (q.validUntil ? new Date(q.validUntil).toLocaleDateString() : '—') },
  ];
  return <DataTable rows={quotes} rowKey={(q) => q._id} columns={columns} />;
}
