import { RequireAuth } from '@/features/auth/components/require-auth';
import { QuickOrderPad } from '@/features/cart/components/quick-order-pad';

/** `/quick-order` (signed in): parts by SKU, pasted from a spreadsheet, read from a file or typed, into the cart at once. */
export function Component() {
  return (
    <RequireAuth>
      <QuickOrder />
    </RequireAuth>
  );
}

function QuickOrder() {
  return (
    <section className="mx-auto max-w-5xl space-y-6 px-4 py-10">
      <div>
        <h1 className="text-3xl font-bold">Quick order</h1>
        <p className="mt-2 text-base-content/80">
          Paste the part numbers and quantities you copied from a spreadsheet, upload a file or type them; every row is checked as you go, then add them all to
          your cart in one go.
        </p>
      </div>
      <QuickOrderPad />
    </section>
  );
}
