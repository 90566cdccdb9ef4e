import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { QUOTE_STATUSES, type QuoteStatus } from '@bulkparts/shared';
import { PagedList } from '@/components/ui/paged-list';
import { quoteQueries } from '@/features/quotes/api/quote-queries';
import { QuoteList } from '@/features/quotes/components/quote-list';
import { QUOTE_STATUS_LABEL } from '@/features/quotes/components/quote-status-badge';

const PAGE_SIZE = 20;

/** `/dashboard/quotes` (admins): every request for quote by status, the ones to answer first in view. */
export function Component() {
  // Status and page live in the address, so a reload or the back button keeps them.
  const [params, setParams] = useSearchParams();
  const asked = params.get('status');
  const status = (QUOTE_STATUSES as readonly string[]).includes(asked ?? '') ? (asked as QuoteStatus) : undefined;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const go = (next: { status?: QuoteStatus | undefined; page?: number }) => {
    const sp: Record<string, string> = {};
    if (next.status) sp.status = next.status;
    if (next.page && next.page > 1) sp.page = String(next.page);
    setParams(sp, { replace: true });
  };
  const quotes = useQuery(quoteQueries.list({ status, page, limit: PAGE_SIZE }));
  const filters: { value: QuoteStatus | undefined; label: string }[] = [
    { value: undefined, label: 'All' },
    ...QUOTE_STATUSES.map((s) => ({ value: s, label: QUOTE_STATUS_LABEL[s] })),
  ];

  return (
    <section className="space-y-4">
      <h1 className="text-2xl font-bold">Quotes</h1>
      <div role="group" aria-label="Show quotes by status" className="flex flex-wrap gap-1">
        {filters.map((f) => (
          <button
            key={f.label}
            type="button"
            className={`btn btn-sm ${f.value === status ? 'btn-primary' : 'btn-ghost'}`}
            aria-pressed={f.value === status}
            onClick={() => go({ status: f.value })}
          >
            {f.label}
          </button>
        ))}
      </div>
      <PagedList
        query={quotes}
        loadingLabel="Loading quotes"
        empty={
          <p className="rounded-box bg-base-200 p-8 text-center">{status ? `No ${QUOTE_STATUS_LABEL[status].toLowerCase()} quotes.` : 'No quotes yet.'}</p>
        }
        page={page}
        pageSize={PAGE_SIZE}
        onPage={(p) => go({ status, page: p })}
        pagesLabel="Quote pages"
      >
        {(items) => <QuoteList quotes={items} showBuyer />}
      </PagedList>
    </section>
  );
}
