import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import type { CartLine } from '@bulkparts/shared';
import { LoadFailure } from '@/components/ui/load-failure';
import { PageSpinner } from '@/components/ui/page-spinner';
import { errorMessage } from '@/lib/api-client';
import { cartQueries } from '../api/cart-queries';
import { useRemoveCartLine } from '../api/remove-cart-line';
import { useUpdateCartLine } from '../api/update-cart-line';
import { CartLineRow } from './cart-line-row';
import { CartTable } from './cart-table';
import { EmptyCart } from './empty-cart';

/** What replaces 'Checkout' and 'Request a quote' (issue 32: a punchout session's "Return cart"), told whether lines block it. */
export interface CartOrderAction {
  render: (blocked: boolean, describedBy: string | undefined) => ReactNode;
  /** What the lines in red block ('return the cart'). */
  verb: string;
}

/**
 * The signed-in buyer's cart (`GET /api/cart`): a table of its lines with their problems, and the
 * summary with Checkout (or `orderAction`). `moreActions` (the page's: 'Save as list') join the
 * summary's buttons.
 */
export function ServerCart({ orderAction, moreActions }: { orderAction?: CartOrderAction; moreActions?: (lines: readonly CartLine[]) => ReactNode }) {
  const cart = useQuery(cartQueries.mine());
  const update = useUpdateCartLine();
  const remove = useRemoveCartLine();
  const navigate = useNavigate();

  if (cart.isPending) return <PageSpinner label="Loading your cart" />;
  if (cart.isError) return <LoadFailure error={cart.error} onRetry={cart.refetch} />;
  if (cart.data.lines.length === 0) return <EmptyCart />;

  const problems = cart.data.lines.filter((l) => l.problem).length;
  const actions = (
    <>
      {orderAction ? (
        orderAction.render(problems > 0, problems > 0 ? 'cart-checkout-blocked' : undefined)
      ) : (
        <button
          type="button"
          className="btn btn-primary"
          disabled={problems > 0}
          aria-describedby={problems > 0 ? 'cart-checkout-blocked' : undefined}
          onClick={() => navigate('/checkout')}
        >
          Checkout
        </button>
      )}
      {moreActions?.(cart.data.lines)}
      {/* Past 1000 pieces a line, or for a special price: the cart's lines as a request for quote (issue 17); not in punchout. */}
      {!orderAction && (
        <Link to="/quotes/new?from=cart" className="btn btn-outline">
          Request a quote
        </Link>
      )}
      <Link to="/quick-order" className="btn btn-ghost">
        Quick order
      </Link>
    </>
  );
  return (
    <div className="space-y-2">
      <CartTable lines={cart.data.lines} subtotal={cart.data.subtotal} actions={actions}>
        {cart.data.lines.map((line) => (
          <CartLineRow
            key={line.productId}
            line={line}
            busy={remove.isPending && remove.variables === line.productId}
            onQuantity={(quantity) => update.mutateAsync({ productId: line.productId, quantity })}
            onRemove={() =>
              remove.mutate(line.productId, {
                onSuccess: () => toast.success(`${line.name} removed from the cart`),
                onError: (err) => toast.error(errorMessage(err, 'Could not remove the line. Please try again.')),
              })
            }
          />
        ))}
      </CartTable>
      {problems > 0 && (
        <p id="cart-checkout-blocked" className="text-sm">
          Fix or remove the {problems === 1 ? 'line' : `${problems} lines`} marked in red to {orderAction?.verb ?? 'check out'}.
        </p>
      )}
    </div>
  );
}
