import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { LoadFailure } from '@/components/ui/load-failure';
import { PageSpinner } from '@/components/ui/page-spinner';
import { useSession } from '@/features/auth/api/auth-queries';
import { ConfirmEmailToOrder } from '@/features/auth/components/confirm-email-to-order';
import { RequireAuth } from '@/features/auth/components/require-auth';
import { cartQueries } from '@/features/cart/api/cart-queries';
import { CheckoutForm } from '@/features/cart/components/checkout-form';
import { CheckoutSummary } from '@/features/cart/components/checkout-summary';
import { profileQueries } from '@/features/profile/api/profile-queries';

/** `/checkout` (signed in, email confirmed): address, PO number and note; the cart becomes one order, then My Orders. */
export function Component() {
  return (
    <RequireAuth>
      <Checkout />
    </RequireAuth>
  );
}

function Checkout() {
  const session = useSession();
  const cart = useQuery(cartQueries.mine());
  const profile = useQuery(profileQueries.own());
  const navigate = useNavigate();
  const user = session.data?.user;

  let body;
  if (user && !user.emailVerified) body = <ConfirmEmailToOrder email={user.email} />;
  else if (cart.isPending || profile.isPending) body = <PageSpinner label="Loading your cart" />;
  else if (cart.isError) body = <LoadFailure error={cart.error} onRetry={cart.refetch} />;
  else if (cart.data.lines.length === 0) {
    body = (
      <div className="rounded-box bg-base-200 p-8 text-center">
        <p className="mb-4">Your cart is empty: there is nothing to check out.</p>
        <Link to="/products" className="btn btn-primary">
          Browse products
        </Link>
      </div>
    );
  } else {
    const blocked = cart.data.lines.some((l) => l.problem);
    body = (
      <div className="grid gap-8 lg:grid-cols-[1fr_22rem]">
        <div className="order-2 space-y-4 lg:order-1">
          {blocked && (
            <p className="rounded-box bg-base-200 p-3">
              Some lines cannot be ordered as they are.{' '}
              <Link to="/cart" className="link">
                Back to the cart
              </Link>{' '}
              to fix them.
            </p>
          )}
          {/* A failed profile read only loses the pre-filled address. */}
          <CheckoutForm
            address={profile.data?.shippingAddress ?? null}
            buyerName={profile.data?.name ?? user?.name ?? ''}
            blocked={blocked}
            onPlaced={() => navigate('/dashboard/myorders')}
          />
        </div>
        <div className="order-1 lg:order-2">
          <CheckoutSummary cart={cart.data} />
        </div>
      </div>
    );
  }
  return (
    <section className="mx-auto max-w-5xl space-y-6 px-4 py-10">
      <h1 className="text-3xl font-bold">Checkout</h1>
      {body}
    </section>
  );
}
