import { PageSpinner } from '@/components/ui/page-spinner';
import { useSession } from '@/features/auth/api/auth-queries';
import { LocalCartView } from '@/features/cart/components/local-cart-view';
import { ServerCart } from '@/features/cart/components/server-cart';

/** `/cart`: the signed-in buyer's cart, or a signed-out visitor's (kept in this browser). */
export function Component() {
  const session = useSession();
  return (
    <section className="mx-auto max-w-4xl space-y-6 px-4 py-10">
      <h1 className="text-3xl font-bold">Cart</h1>
      {session.isPending ? <PageSpinner label="Loading your cart" /> : session.data?.user ? <ServerCart /> : <LocalCartView />}
    </section>
  );
}
