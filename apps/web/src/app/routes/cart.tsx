import { PageSpinner } from '@/components/ui/page-spinner';
import { useSession } from '@/features/auth/api/auth-queries';
import { LocalCartView } from '@/features/cart/components/local-cart-view';
import { ServerCart } from '@/features/cart/components/server-cart';
import { SaveAsList } from '@/features/lists/components/save-as-list';

/** `/cart`: the signed-in buyer's cart (savable as a requisition list, issue 33), or a signed-out visitor's (kept in this browser). */
export function Component() {
  const session = useSession();
  return (
    <section className="mx-auto max-w-5xl space-y-6 px-4 py-10">
      <h1 className="text-3xl font-bold">Cart</h1>
      {session.isPending ? (
        <PageSpinner label="Loading your cart" />
      ) : session.data?.user ? (
        <ServerCart moreActions={(lines) => <SaveAsList lines={lines} defaultName={`Cart of ${new Date().toLocaleDateString()}`} />} />
      ) : (
        <LocalCartView />
      )}
    </section>
  );
}
