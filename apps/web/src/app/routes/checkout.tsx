import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { Order } from '@bulkparts/shared';
import { LoadFailure } from '@/components/ui/load-failure';
import { PageSpinner } from '@/components/ui/page-spinner';
import { useSession } from '@/features/auth/api/auth-queries';
import { ConfirmEmailToOrder } from '@/features/auth/components/confirm-email-to-order';
import { RequireAuth } from '@/features/auth/components/require-auth';
import type { AlreadyOrdered } from '@/features/cart/api/checkout';
import { cartQueries } from '@/features/cart/api/cart-queries';
import { CartAlreadyOrdered } from '@/features/cart/components/cart-already-ordered';
import { CheckoutForm, placedOrderPath } from '@/features/cart/components/checkout-form';
import { CheckoutSummary } from '@/features/cart/components/checkout-summary';
import { companyQueries } from '@/features/companies/api/company-queries';
import { OrderPlaced } from '@/features/orders/components/order-placed';
import { profileQueries } from '@/features/profile/api/profile-queries';

/**
 * `/checkout` (signed in, email confirmed): address, PO number and note; the cart becomes one
 * order; a card order then goes to its payment page (issue 29). A company member may pick a company address
 * and, on terms, pay on account; an order waiting for approval or invoiced is told here (issue 18).
 */
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
  // A failed company read only loses the company's addresses and the payment choice (card is the default).
  const company = useQuery(companyQueries.mine());
  const companyId = company.data?.id ?? '';
  const addresses = useQuery({ ...companyQueries.addresses(companyId), enabled: companyId !== '' });
  const [placed, setPlaced] = useState<Order | null>(null);
  // Issue 28: kept here, as the refreshed cart is empty and would otherwise replace the form's message.
  const [alreadyOrdered, setAlreadyOrdered] = useState<AlreadyOrdered | null>(null);
  const navigate = useNavigate();
  const user = session.data?.user;
  // Issue 29: the buyer's own per-order limit (with their company), to warn before an order goes to an approver.
  const spendingLimit = company.data?.mySpendingLimit ?? null;

  function onPlaced(order: Order) {
    const path = placedOrderPath(order);
    if (path === null) setPlaced(order);
    else navigate(path);
  }

  let body;
  if (placed) body = <OrderPlaced order={placed} />;
  else if (alreadyOrdered) body = <CartAlreadyOrdered outcome={alreadyOrdered} />;
  else if (user && !user.emailVerified) body = <ConfirmEmailToOrder email={user.email} />;
  else if (cart.isPending || profile.isPending || company.isPending) body = <PageSpinner label="Loading your cart" />;
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
            onPlaced={onPlaced}
            onAlreadyOrdered={setAlreadyOrdered}
            company={company.data ?? null}
            companyAddresses={addresses.data ?? []}
            lines={cart.data.lines}
            spendingLimit={spendingLimit}
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
