import { RequireAdmin } from '@/features/auth/components/require-auth';
import { ShippingMethodsEditor } from '@/features/shipping/components/shipping-methods-editor';

/**
 * `/dashboard/shipping` (shop admins, issue 30): the shipping methods checkout offers, by weight band,
 * country and order value, with their transit days. Loaded lazily by company-area.tsx.
 */
export function Component() {
  return (
    <RequireAdmin>
      <div className="max-w-4xl space-y-4">
        <h1 className="text-2xl font-bold">Shipping</h1>
        <p className="max-w-prose text-base-content/80">
          Checkout offers each method whose weight bands hold the order, to its countries; an order worth at least “Free over” ships free. Collect and pickup
          charge nothing. Delivery dates add the transit working days to the dispatch day.
        </p>
        <ShippingMethodsEditor />
      </div>
    </RequireAdmin>
  );
}
