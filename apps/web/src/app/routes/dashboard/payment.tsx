import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { LoadFailure } from '@/components/ui/load-failure';
import { RecordLoadFailure } from '@/components/ui/record-load-failure';
import { PageSpinner } from '@/components/ui/page-spinner';
import { orderQueries } from '@/features/orders/api/order-queries';
import { paymentQueries } from '@/features/orders/api/payment-queries';
import { CardPaymentForm } from '@/features/orders/components/card-payment-form';
import { OrderSummary } from '@/features/orders/components/order-summary';
import { AwaitingConfirmation, ClosedPanel, NotPayablePanel, PaidPanel } from '@/features/orders/components/payment-outcome';
import { needsShippingAddress, ShippingAddressNeeded } from '@/features/orders/components/shipping-address-needed';
import { StripePaymentPanel } from '@/features/orders/components/stripe-payment-panel';
import type { Order } from '@bulkparts/shared';

/** How long to wait for Stripe's webhook after coming back before saying it is late. */
const CONFIRMATION_WAIT_MS = 30_000;
const POLL_MS = 2_000;

function PaymentPanel({ order }: { order: Order }) {
  const config = useQuery(paymentQueries.config());
  if (config.isPending) return <PageSpinner label="Loading the payment options" />;
  if (config.isError) return <LoadFailure error={config.error} onRetry={config.refetch} />;
  return config.data.provider === 'stripe' ? <StripePaymentPanel order={order} /> : <CardPaymentForm order={order} />;
}

/** `/dashboard/payment/:id`: pay a pending order (test card or Stripe), or see that it is paid. */
export function Component() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const checkout = params.get('checkout');
  const [timedOut, setTimedOut] = useState(false);
  useEffect(() => {
    if (checkout !== 'success') return;
    const timer = setTimeout(() => setTimedOut(true), CONFIRMATION_WAIT_MS);
    return () => clearTimeout(timer);
  }, [checkout]);
  const awaitingWebhook = checkout === 'success' && !timedOut;
  const order = useQuery({
    ...orderQueries.detail(id),
    refetchInterval: (query) => (awaitingWebhook && query.state.data?.status === 'pending' ? POLL_MS : false),
  });

  if (order.isError) {
    return (
      <RecordLoadFailure
        error={order.error}
        onRetry={order.refetch}
        notFound={{ title: 'Order not found', backTo: '/dashboard/myorders', backLabel: 'My Orders' }}
      />
    );
  }
  let body;
  if (order.isPending) body = <PageSpinner label="Loading the order" />;
  else {
    const o = order.data;
    body = (
      <>
        <OrderSummary order={o} />
        {needsShippingAddress(o) && <ShippingAddressNeeded order={o} />}
        {o.status === 'cancelled' || o.status === 'refunded' || o.status === 'expired' ? (
          <ClosedPanel order={o} />
        ) : o.paid ? (
          <PaidPanel order={o} />
        ) : o.status === 'awaiting_approval' || o.status === 'invoiced' || o.status === 'rejected' ? (
          <NotPayablePanel order={o} />
        ) : checkout === 'success' ? (
          // Back from Stripe: paying again here could charge twice, so only wait or check.
          <AwaitingConfirmation timedOut={timedOut} onCheckAgain={() => void order.refetch()} />
        ) : (
          <>
            {checkout === 'cancelled' && <p role="status">The payment was cancelled on the payment page. Nothing was charged; you can try again.</p>}
            <PaymentPanel order={o} />
          </>
        )}
      </>
    );
  }

  return (
    <section className="max-w-2xl space-y-6">
      <h1 className="text-2xl font-bold">Payment</h1>
      {body}
    </section>
  );
}
