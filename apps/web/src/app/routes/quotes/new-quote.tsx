import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { ORDER_QUANTITY_MAX, QUOTE_QUANTITY_MAX } from '@bulkparts/shared';
import { formatCount } from '@bulkparts/shared/quantity';
import { LoadFailure } from '@/components/ui/load-failure';
import { PageSpinner } from '@/components/ui/page-spinner';
import { RecordLoadFailure } from '@/components/ui/record-load-failure';
import { useSession } from '@/features/auth/api/auth-queries';
import { ConfirmEmailToOrder } from '@/features/auth/components/confirm-email-to-order';
import { cartQueries } from '@/features/cart/api/cart-queries';
import { productQueries } from '@/features/products/api/product-queries';
import { RequestQuoteForm, type QuoteLineDraft } from '@/features/quotes/components/request-quote-form';

/** The quantity from the address when it is one a quote takes; else just past what an order takes. */
function quantityParam(text: string | null): number {
  const n = Number(text);
  return Number.isInteger(n) && n >= 1 && n <= QUOTE_QUANTITY_MAX ? n : ORDER_QUANTITY_MAX + 1;
}

function Shell({ children }: { children: ReactNode }) {
  return (
    <section className="mx-auto max-w-3xl space-y-6 px-4 py-10">
      <h1 className="text-3xl font-bold">Request a quote</h1>
      <p>Ask for a price on more than {formatCount(ORDER_QUANTITY_MAX)} pieces of a line, or a special price. The shop answers by email.</p>
      {children}
    </section>
  );
}

function FromProduct({ productId, quantity, onLines }: { productId: string; quantity: number; onLines: (lines: QuoteLineDraft[]) => ReactNode }) {
  const product = useQuery(productQueries.detail(productId));
  if (product.isPending) return <PageSpinner label="Loading the product" />;
  if (product.isError) return <RecordLoadFailure error={product.error} onRetry={product.refetch} notFound={{ title: 'Product not found' }} />;
  const p = product.data;
  return onLines([{ productId: p._id, sku: p.sku, name: p.name, quantity }]);
}

function FromCart({ onLines }: { onLines: (lines: QuoteLineDraft[]) => ReactNode }) {
  const cart = useQuery(cartQueries.mine());
  if (cart.isPending) return <PageSpinner label="Loading your cart" />;
  if (cart.isError) return <LoadFailure error={cart.error} onRetry={cart.refetch} />;
  if (cart.data.lines.length === 0) return <NothingToQuote />;
  return onLines(cart.data.lines.map((l) => ({ productId: l.productId, sku: l.sku, name: l.name, quantity: l.quantity })));
}

function NothingToQuote() {
  return (
    <div className="rounded-box bg-base-200 p-8 text-center">
      <p className="mb-4">Open a product and choose &lsquo;Request a quote&rsquo;, or ask for your cart&rsquo;s lines from the cart.</p>
      <Link to="/products" className="btn btn-primary">
        Browse products
      </Link>
    </div>
  );
}

/** `/quotes/new` (signed in): prefilled from `?productId=…&quantity=…` or `?from=cart`; then the quote's page. */
export function Component() {
  const [params] = useSearchParams();
  const session = useSession();
  const navigate = useNavigate();
  const user = session.data?.user;
  if (user && !user.emailVerified) {
    return (
      <Shell>
        <ConfirmEmailToOrder email={user.email} />
      </Shell>
    );
  }

  const form = (lines: QuoteLineDraft[]) => (
    <RequestQuoteForm
      lines={lines}
      // Issue 30: checkout's "Request a freight quote" names the ship-to, for the shop to price the freight.
      note={params.get('freight') ? `Freight quote, please: no shipping method fits this order. Deliver to: ${params.get('freight')}` : ''}
      onRequested={(quote) => {
        toast.success(`Quote ${quote.quoteNumber} requested: we will email you the answer`);
        navigate(`/quotes/${quote._id}`);
      }}
    />
  );
  const productId = params.get('productId');
  return (
    <Shell>
      {productId ? (
        <FromProduct key={productId} productId={productId} quantity={quantityParam(params.get('quantity'))} onLines={form} />
      ) : params.get('from') === 'cart' ? (
        <FromCart onLines={form} />
      ) : (
        <NothingToQuote />
      )}
    </Shell>
  );
}
