import { Link } from 'react-router';
import { MESSAGES } from '@bulkparts/shared/messages';
import { ApiClientError } from '@/lib/api-client';
import { LoadFailure } from './load-failure';

interface NotFound {
  title: string;
  backTo?: string;
  backLabel?: string;
}

/** An unknown or malformed id in the address: a clear message and a way on, never a blank page. */
function NotFoundPanel({ title, backTo = '/products', backLabel = 'Browse products' }: NotFound) {
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="py-4">{MESSAGES.notFound}</p>
      <div className="flex flex-wrap justify-center gap-2">
        <Link to={backTo} className="btn btn-primary">
          {backLabel}
        </Link>
        <Link to="/" className="btn btn-ghost">
          Home Page
        </Link>
      </div>
    </section>
  );
}

/**
 * A page's one record (a product, an order) did not load: the not-found panel for a 404, since the
 * server answers 404 for unknown and malformed ids alike; any other failure is a LoadFailure in
 * the page's column. Apart from LoadFailure so that lists do not download the panel.
 */
export function RecordLoadFailure({ error, onRetry, notFound }: { error: Error; onRetry: () => unknown; notFound: NotFound }) {
  if (error instanceof ApiClientError && error.status === 404) return <NotFoundPanel {...notFound} />;
  return (
    <div className="mx-auto max-w-3xl px-4">
      <LoadFailure error={error} onRetry={onRetry} />
    </div>
  );
}
