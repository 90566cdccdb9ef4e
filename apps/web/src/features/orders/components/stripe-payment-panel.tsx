import { useState } from 'react';
import { formatDollars } from '@bulkparts/shared/money';
import type { Order } from '@bulkparts/shared';
import { FormError } from '@/components/ui/form';
import { errorMessage } from '@/lib/api-client';
import { usePayOrder } from '../api/pay-order';

/**
 * Stripe Checkout: the card is typed on Stripe's page, never ours. The order becomes paid only
 * when Stripe's signed webhook reaches the server; coming back with ?checkout=success waits for it.
 */
export function StripePaymentPanel({ order }: { order: Order }) {
  const pay = usePayOrder();
  const [alert, setAlert] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);

  async function start() {
    setAlert(null);
    try {
      const result = await pay.mutateAsync({ id: order._id, input: {} });
      if (result.status === 'redirect' && result.redirectUrl) {
        setLeaving(true);
        window.location.assign(result.redirectUrl);
      }
    } catch (err) {
      setAlert(errorMessage(err, 'Could not start the payment. Please try again.'));
    }
  }

  const busy = pay.isPending || leaving;
  return (
    <section aria-labelledby="stripe-payment-title" className="card card-border bg-base-100">
      <div className="card-body gap-4 p-4 sm:p-6">
        <h2 id="stripe-payment-title" className="card-title">
          Pay with Stripe
        </h2>
        <p className="text-sm">You will enter your card on Stripe&apos;s secure page and come back here.</p>
        <FormError message={alert} variant="panel" />
        <button type="button" className="btn btn-primary w-full" disabled={busy} onClick={() => void start()}>
          {busy ? 'Opening Stripe…' : `Pay ${formatDollars(order.total)} with Stripe`}
        </button>
      </div>
    </section>
  );
}
