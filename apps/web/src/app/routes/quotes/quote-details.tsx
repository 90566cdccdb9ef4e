import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { PageSpinner } from '@/components/ui/page-spinner';
import { RecordLoadFailure } from '@/components/ui/record-load-failure';
import { useSession } from '@/features/auth/api/auth-queries';
import { quoteQueries } from '@/features/quotes/api/quote-queries';
import { AnswerQuoteForm } from '@/features/quotes/components/answer-quote-form';
import { QuoteActions } from '@/features/quotes/components/quote-actions';
import { QuoteLinesTable } from '@/features/quotes/components/quote-lines-table';
import { QuoteStatusBadge } from '@/features/quotes/components/quote-status-badge';

const day = (iso: string) => new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' });

/**
 * `/quotes/:id` (signed in; the link mailed with an answer): the quote, and what can be done with
 * it now. The buyer accepts (on the quote's checkout page, then pays the new order), declines or withdraws; an admin answers a
 * request here.
 */
export function Component() {
  const { id = '' } = useParams();
  const quote = useQuery(quoteQueries.detail(id));
  const session = useSession();

  if (quote.isPending) return <PageSpinner label="Loading the quote" />;
  if (quote.isError) {
    return (
      <RecordLoadFailure
        error={quote.error}
        onRetry={quote.refetch}
        notFound={{ title: 'Quote not found', backTo: '/dashboard/myquotes', backLabel: 'My Quotes' }}
      />
    );
  }
  const q = quote.data;
  const user = session.data?.user;
  const isAdmin = user?.role === 'admin';
  const isOwner = user?.email.toLowerCase() === q.userEmail.toLowerCase();

  return (
    <article className="mx-auto max-w-5xl space-y-6 px-4 py-10">
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-bold">Quote {q.quoteNumber}</h1>
        <QuoteStatusBadge status={q.status} />
      </header>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        {!isOwner && (
          <>
            <dt className="text-base-content/70">Buyer</dt>
            <dd className="break-all">{q.userEmail}</dd>
          </>
        )}
        <dt className="text-base-content/70">Asked on</dt>
        <dd>{day(q.createdAt)}</dd>
        {q.answeredAt && (
          <>
            <dt className="text-base-content/70">Answered on</dt>
            <dd>{day(q.answeredAt)}</dd>
          </>
        )}
        {q.validUntil && (
          <>
            <dt className="text-base-content/70">{q.status === 'expired' ? 'Expired on' : 'Valid until'}</dt>
            <dd>{day(q.validUntil)}</dd>
          </>
        )}
      </dl>
      <section aria-labelledby="quote-lines-title" className="space-y-2">
        <h2 id="quote-lines-title" className="text-xl font-semibold">
          Lines
        </h2>
        <QuoteLinesTable lines={q.lines} total={q.total} />
      </section>
      {(q.note || q.message) && (
        <div className="grid gap-4 md:grid-cols-2">
          {q.note && (
            <section aria-labelledby="quote-note-title" className="rounded-box bg-base-200 p-4">
              <h2 id="quote-note-title" className="font-semibold">
                Buyer&rsquo;s note
              </h2>
              <p className="whitespace-pre-line break-words">{q.note}</p>
            </section>
          )}
          {q.message && (
            <section aria-labelledby="quote-message-title" className="rounded-box bg-base-200 p-4">
              <h2 id="quote-message-title" className="font-semibold">
                Message from the shop
              </h2>
              <p className="whitespace-pre-line break-words">{q.message}</p>
            </section>
          )}
        </div>
      )}
      {q.orderId && (
        <p>
          This quote became an order.{' '}
          <Link to={`/dashboard/payment/${q.orderId}`} className="link">
            See the order and its payment
          </Link>
        </p>
      )}
      <QuoteActions quote={q} isOwner={isOwner} />
      {isAdmin && q.status === 'requested' && (
        <section className="rounded-box border border-base-300 p-4">
          <AnswerQuoteForm key={q._id} quote={q} />
        </section>
      )}
      <p>
        <Link to={isAdmin && !isOwner ? '/dashboard/quotes' : '/dashboard/myquotes'} className="link">
          {isAdmin && !isOwner ? 'Back to all quotes' : 'Back to My Quotes'}
        </Link>
      </p>
    </article>
  );
}
