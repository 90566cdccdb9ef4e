import { RequireAuth } from '@/features/auth/components/require-auth';
import { QuickOrderPad } from '@/features/cart/components/quick-order-pad';

/** `/quick-order` (signed in): parts by SKU, typed or from a CSV file, into the cart at once. */
export function Component() {
  return (
    <RequireAuth>
      <QuickOrder />
    </RequireAuth>
  );
}

function QuickOrder() {
  return (
    <section className="mx-auto max-w-3xl space-y-6 px-4 py-10">
      <div>
        <h1 className="text-3xl font-bold">Quick order</h1>
        <p className="mt-2 text-base-content/80">Type the part numbers you need, or upload a CSV file, and add them to your cart in one go.</p>
      </div>
      <QuickOrderPad />
    </section>
  );
}
