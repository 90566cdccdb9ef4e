import { useState } from 'react';
import { Link } from 'react-router';
import { canMoveQuote, type Quote } from '@bulkparts/shared';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { withToast } from '@/lib/toast-action';
import { useDeclineQuote, useWithdrawQuote } from '../api/quote-mutations';
import { quoteCheckoutPath, quotePdfUrl } from '../api/quote-queries';

type Ask = 'declined' | 'withdrawn';

const QUESTIONS: Record<Ask, { message: string; confirmLabel: string; cancelLabel: string }> = {
  declined: { message: 'Decline this quote? The prices are given up and cannot be accepted later.', confirmLabel: 'Yes, decline', cancelLabel: 'No, keep it' },
  withdrawn: { message: 'Withdraw this request? The shop will not answer it.', confirmLabel: 'Yes, withdraw', cancelLabel: 'No, keep it' },
};

/**
 * What the buyer can do with a quote, by its status (the shared `canMoveQuote`): accept an answered
 * quote (issue 29: through its checkout page, where the ship-to, PO number, note and payment are
 * given and the order placed), decline it, or withdraw a request not answered yet; the last two
 * ask first. The quote document (a PDF download, like the invoice) is there in every status.
 * `isOwner` is false for an admin looking at someone else's quote: they get the document only.
 */
export function QuoteActions({ quote, isOwner }: { quote: Quote; isOwner: boolean }) {
  const decline = useDeclineQuote();
  const withdraw = useWithdrawQuote();
  const [asking, setAsking] = useState<Ask | null>(null);
  const busy = decline.isPending || withdraw.isPending;
  const can = (to: Quote['status']) => isOwner && canMoveQuote(quote.status, to);

  function confirmed(to: Ask) {
    setAsking(null);
    if (to === 'declined') void withToast(() => decline.mutateAsync(quote._id), 'Quote declined', 'Could not decline the quote');
    else void withToast(() => withdraw.mutateAsync(quote._id), 'Request withdrawn', 'Could not withdraw the request');
  }

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap gap-2">
        {can('accepted') && (
          <Link to={quoteCheckoutPath(quote._id)} className="btn btn-primary">
            Accept and order
          </Link>
        )}
        {can('declined') && (
          <button type="button" className="btn btn-outline" disabled={busy} onClick={() => setAsking('declined')}>
            Decline
          </button>
        )}
        {can('withdrawn') && (
          <button type="button" className="btn btn-outline" disabled={busy} onClick={() => setAsking('withdrawn')}>
            Withdraw request
          </button>
        )}
        <a className="btn btn-ghost" href={quotePdfUrl(quote._id)} download>
          Download PDF<span className="sr-only"> of quote {quote.quoteNumber}</span>
        </a>
      </div>
      <ConfirmDialog
        open={asking !== null}
        message={asking ? QUESTIONS[asking].message : undefined}
        confirmLabel={asking ? QUESTIONS[asking].confirmLabel : undefined}
        cancelLabel={asking ? QUESTIONS[asking].cancelLabel : undefined}
        onConfirm={() => asking && confirmed(asking)}
        onCancel={() => setAsking(null)}
      />
    </div>
  );
}
