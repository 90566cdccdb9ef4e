import { RequireAdmin } from '@/features/auth/components/require-auth';
import { WebhookArea } from '@/features/webhooks/components/webhook-area';
import { WebhookCreate } from '@/features/webhooks/components/webhook-create';

/**
 * `/dashboard/webhooks` (shop admins, issue 19): endpoints the shop POSTs signed events to (order
 * placed, paid, shipped…), each with its deliveries and a Resend. A new endpoint's signing secret is
 * shown once. Loaded lazily by company-area.tsx (the home route's budget has no room for another lazy route).
 */
export function Component() {
  return (
    <RequireAdmin>
      <div className="space-y-6">
        <h1 className="text-2xl font-bold">Webhooks</h1>
        <p className="max-w-prose text-base-content/80">
          The shop sends each event as a signed <code>POST</code> (Standard Webhooks: <code>webhook-id</code>, <code>webhook-timestamp</code>,{' '}
          <code>webhook-signature</code>); a failed delivery is retried, and can be resent from its endpoint’s deliveries.
        </p>
        <section aria-labelledby="add-webhook-title" className="max-w-xl space-y-3">
          <h2 id="add-webhook-title" className="text-lg font-semibold">
            Add an endpoint
          </h2>
          <WebhookCreate />
        </section>
        <section aria-labelledby="webhooks-title" className="space-y-3">
          <h2 id="webhooks-title" className="text-lg font-semibold">
            Endpoints
          </h2>
          <WebhookArea />
        </section>
      </div>
    </RequireAdmin>
  );
}
