import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { PagedList } from '@/components/ui/paged-list';
import { quoteQueries } from '@/features/quotes/api/quote-queries';
import { QuoteList } from '@/features/quotes/components/quote-list';

const PAGE_SIZE = 10;

/** `/dashboard/myquotes`: the buyer's requests for quote, newest first; each opens its page. */
export function Component() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const quotes = useQuery(quoteQueries.list({ mine: true, page, limit: PAGE_SIZE }));
  return (
    <section className="space-y-4">
      <h1 className="text-2xl font-bold">My Quotes</h1>
      <PagedList
        query={quotes}
        loadingLabel="Loading your quotes"
        empty={
          <div className="rounded-box bg-base-200 p-8 text-center">
            <p className="mb-4">You have not asked for a quote yet. Open a product and choose &lsquo;Request a quote&rsquo;.</p>
            <Link to="/products" className="btn btn-primary">
              Browse products
            </Link>
          </div>
        }
        page={page}
        pageSize={PAGE_SIZE}
        onPage={(p) => setParams(p > 1 ? { page: String(p) } : {}, { replace: true })}
        pagesLabel="Quote pages"
      >
        {(items) => <QuoteList quotes={items} />}
      </PagedList>
    </section>
  );
}
