import { useQuery } from '@tanstack/react-query';
import { PageSpinner } from '@/components/ui/page-spinner';
import { useIsPunchout, useSession } from '@/features/auth/api/auth-queries';
import { LocalCartView } from '@/features/cart/components/local-cart-view';
import { ServerCart, type CartOrderAction } from '@/features/cart/components/server-cart';
import { punchoutQueries } from '@/features/punchout/api/punchout-queries';
import { ReturnCartForm } from '@/features/punchout/components/return-cart-form';

/**
 * Issue 32: a punchout session's cart goes back to its procurement system instead of to checkout;
 * the page says whose system and company it is shopping for.
 */
function usePunchout(punchout: boolean): { action: CartOrderAction; note: string } | undefined {
  const session = useQuery({ ...punchoutQueries.session(), enabled: punchout });
  if (!punchout) return undefined;
  const systemName = session.data?.systemName ?? 'your procurement system';
  const inspect = session.data?.operation === 'inspect';
  return {
    note: `${session.data ? `Shopping for ${session.data.companyName} from ${systemName}: prices are your company’s, and ${systemName} places the order.` : ''}${inspect ? ' This cart is shown as it was sent: it cannot be changed.' : ''}`,
    action: {
      verb: 'return the cart',
      render: (blocked, describedBy) => <ReturnCartForm systemName={systemName} disabled={blocked} describedBy={describedBy} />,
    },
  };
}
import { SaveAsList } from '@/features/lists/components/save-as-list';

/**
 * `/cart`: the signed-in buyer's cart (savable as a requisition list, issue 33), or a signed-out
 * visitor's (kept in this browser); a punchout session's (issue 32) is returned, not checked out.
 */
export function Component() {
  const session = useSession();
  const punchout = usePunchout(useIsPunchout());
  const orderAction = punchout?.action;
  return (
    <section className="mx-auto max-w-5xl space-y-6 px-4 py-10">
      <h1 className="text-3xl font-bold">Cart</h1>
      {punchout?.note && <p>{punchout.note}</p>}
      {session.isPending ? (
        <PageSpinner label="Loading your cart" />
      ) : session.data?.user ? (
        <ServerCart
          orderAction={orderAction}
          moreActions={punchout ? undefined : (lines) => <SaveAsList lines={lines} defaultName={`Cart of ${new Date().toLocaleDateString()}`} />}
        />
      ) : (
        <LocalCartView />
      )}
    </section>
  );
}
