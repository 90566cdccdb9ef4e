import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { Order, Quote } from '@bulkparts/shared';
import { PageSpinner } from '@/components/ui/page-spinner';
import { RecordLoadFailure } from '@/components/ui/record-load-failure';
import { useSession } from '@/features/auth/api/auth-queries';
import { ConfirmEmailToOrder } from '@/features/auth/components/confirm-email-to-order';
import { placedOrderPath } from '@/features/cart/components/checkout-form';
import { OrderDetailsFields, orderDetailsDefaults } from '@/features/cart/components/order-details-fields';
import { companyQueries } from '@/features/companies/api/company-queries';
import { OrderPlaced } from '@/features/orders/components/order-placed';
import { profileQueries } from '@/features/profile/api/profile-queries';
import { quoteQueries } from '@/features/quotes/api/quote-queries';
import { QuoteCheckoutForm } from '@/features/quotes/components/quote-checkout-form';
import { QuoteCheckoutSummary } from '@/features/quotes/components/quote-checkout-summary';

const day = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' }) : '');

/** Why this quote cannot be accepted here (null: it can), in the buyer's words. */
function refusal(q: Quote, isOwner: boolean): string | null {
  if (!isOwner) return 'Only the buyer who asked for this quote can accept it.';
  switch (q.status) {
    case 'answered':
      return null;
    case 'requested':
      return 'This quote has not been answered yet: it can be accepted once the shop has priced it.';
    case 'expired':
      return `This quote expired on ${day(q.validUntil)}: its prices can no longer be accepted. Ask for a new quote.`;
    case 'accepted':
      return 'This quote was already accepted: it became an order.';
    default:
      return `This quote was ${q.status}: it can no longer be accepted.`;
  }
}

/**
 * `/quotes/:id/checkout` (issue 29, signed in, email confirmed): 'Accept and order' on an answered
 * quote is a checkout. The quote's lines are locked (quoted prices and quantities); the buyer gives
 * the checkout's ship-to (pre-filled with their last one, or picked from the company's addresses),
 * PO number, note and, on terms, the payment method; 'Place order' accepts the quote, then the order
 * goes on as the cart's does (a card order to its payment page).
 */
export function Component() {
  const { id = '' } = useParams();
  const quote = useQuery(quoteQueries.detail(id));
  const session = useSession();
  const navigate = useNavigate();
  // A failed profile read only loses the pre-filled ship-to; a failed company read the company's
  // addresses and the payment choice (card is the default), as at checkout.
  const profile = useQuery(profileQueries.own());
  const company = useQuery(companyQueries.mine());
  const companyId = company.data?.id ?? '';
  const addresses = useQuery({ ...companyQueries.addresses(companyId), enabled: companyId !== '' });
  const [placed, setPlaced] = useState<Order | null>(null);

  // The form's starting values are read once, so it waits for the ship-to it starts with.
  if (quote.isPending || profile.isPending || company.isPending) return <PageSpinner label="Loading the quote" />;
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
  const isOwner = user?.email.toLowerCase() === q.userEmail.toLowerCase();
  const backToQuote = (
    <Link to={`/quotes/${encodeURIComponent(q._id)}`} className="link">
      Back to quote {q.quoteNumber}
    </Link>
  );

  function onPlaced(order: Order) {
    const path = placedOrderPath(order);
    if (path === null) setPlaced(order);
    else navigate(path);
  }

  let body;
  const refused = refusal(q, isOwner);
  if (placed) body = <OrderPlaced order={placed} />;
  else if (refused) {
    body = (
      <div role="alert" className="space-y-3 rounded-box bg-base-200 p-6">
        <p className="font-semibold">{refused}</p>
        {q.status === 'accepted' && q.orderId && isOwner && (
          <p>
            <Link to={`/dashboard/payment/${encodeURIComponent(q.orderId)}`} className="link">
              See the order and its payment
            </Link>
          </p>
        )}
        <p>{backToQuote}</p>
      </div>
    );
  } else if (user && !user.emailVerified) body = <ConfirmEmailToOrder email={user.email} />;
  else {
    const total = q.total ?? 0;
    const terms = Boolean(company.data?.paymentTerms);
    body = (
      <div className="grid gap-8 lg:grid-cols-[1fr_22rem]">
        <div className="order-2 space-y-4 lg:order-1">
          <QuoteCheckoutForm
            quote={q}
            defaultDetails={orderDetailsDefaults(profile.data?.shippingAddress ?? null, profile.data?.name ?? user?.name ?? '')}
            details={<OrderDetailsFields idPrefix="quote-checkout" company={company.data ?? null} companyAddresses={addresses.data ?? []} total={total} />}
            payOnAccount={terms}
            onPlaced={onPlaced}
          />
          <p>{backToQuote}</p>
        </div>
        <div className="order-1 lg:order-2">
          <QuoteCheckoutSummary quote={q} />
        </div>
      </div>
    );
  }
  return (
    <section className="mx-auto max-w-5xl space-y-6 px-4 py-10">
      <h1 className="text-3xl font-bold">Accept quote {q.quoteNumber}</h1>
      {body}
    </section>
  );
}
