import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ADMIN_INBOX_LINKS, type AdminInboxCount } from '@bulkparts/shared';
import { formatNumber } from '@bulkparts/shared/money';
import { LoadFailure } from '@/components/ui/load-failure';
import { PageSpinner } from '@/components/ui/page-spinner';
import { adminQueries } from '../api/admin-queries';

/** The inbox's counts in the order an operator works through them, with what each is. */
const COUNTS: { key: AdminInboxCount; label: string; none: string }[] = [
  { key: 'toShip', label: 'Orders to ship', none: 'Every paid order has shipped.' },
  { key: 'quotesToAnswer', label: 'Quotes to answer', none: 'No request waits for a price.' },
  { key: 'awaitingApproval', label: 'Orders awaiting approval', none: 'No order waits for a company approver.' },
  { key: 'overdueInvoices', label: 'Overdue invoices', none: 'No invoice is past its due date.' },
  { key: 'lowStock', label: 'Low-stock products', none: 'Every product has two minimum orders in stock.' },
  { key: 'returnsToReceive', label: 'Returns to receive', none: 'No return is on its way.' },
];

/**
 * The operator's inbox (issue 33): what needs action now, each count a link to the admin list
 * filtered to exactly what it counts (`ADMIN_INBOX_LINKS`).
 */
export function AdminInbox() {
  const inbox = useQuery(adminQueries.inbox());
  if (inbox.isPending) return <PageSpinner label="Loading the inbox" />;
  if (inbox.isError) return <LoadFailure error={inbox.error} onRetry={inbox.refetch} />;
  return (
    <section aria-labelledby="inbox-title" className="space-y-3">
      <h1 id="inbox-title" className="text-2xl font-bold">
        Inbox
      </h1>
      <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3" aria-label="What needs action">
        {COUNTS.map(({ key, label, none }) => {
          const n = inbox.data[key];
          const link = ADMIN_INBOX_LINKS[key];
          const body = (
            <>
              {/* The spaces between the blocks make the link's name read "Orders to ship 3", as seen. */}
              <span className="block text-sm text-base-content/80">{label}</span>{' '}
              <span className={`block text-3xl font-bold ${n > 0 ? 'text-primary' : ''}`}>{formatNumber(n)}</span>{' '}
              {n === 0 && <span className="block text-sm text-base-content/70">{none}</span>}
            </>
          );
          return (
            <li key={key}>
              {link ? (
                <Link to={link} className="block rounded-box border border-base-300 p-4 hover:bg-base-200">
                  {body}
                </Link>
              ) : (
                <div className="rounded-box border border-base-300 p-4">{body}</div>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
