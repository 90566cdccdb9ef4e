import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { formatDollars } from '@bulkparts/shared/money';
import { LoadFailure } from '@/components/ui/load-failure';
import { PageSpinner } from '@/components/ui/page-spinner';
import { errorMessage } from '@/lib/api-client';
import { cartQueries } from '../api/cart-queries';
import { useRemoveCartLine } from '../api/remove-cart-line';
import { useUpdateCartLine } from '../api/update-cart-line';
import { CartLineItem } from './cart-line-item';
import { EmptyCart } from './empty-cart';

/** What replaces 'Request a quote' and 'Checkout' (issue 32: a punchout session's "Return cart"), told whether lines block it. */
export interface CartOrderAction {
  render: (blocked: boolean, describedBy: string | undefined) => ReactNode;
  /** What the lines in red block ('return the cart'). */
  verb: string;
}

/** The signed-in buyer's cart (`GET /api/cart`): lines with their problems, subtotal, Checkout (or `orderAction`). */
export function ServerCart({ orderAction }: { orderAction?: CartOrderAction } = {}) {
  const cart = useQuery(cartQueries.mine());
  const update = useUpdateCartLine();
  const remove = useRemoveCartLine();
  const navigate = useNavigate();

  if (cart.isPending) return <PageSpinner label="Loading your cart" />;
  if (cart.isError) return <LoadFailure error={cart.error} onRetry={cart.refetch} />;
  if (cart.data.lines.length === 0) return <EmptyCart />;

  const problems = cart.data.lines.filter((l) => l.problem).length;
  return (
    <div className="space-y-4">
      <ul className="space-y-3" aria-label="Cart lines">
        {cart.data.lines.map((line) => (
          <CartLineItem
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
      </ul>
      <div className="flex flex-col gap-3 rounded-box bg-base-200 p-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-lg">
          Subtotal ({cart.data.count} {cart.data.count === 1 ? 'line' : 'lines'}): <strong>{formatDollars(cart.data.subtotal)}</strong>
        </p>
        <div className="flex flex-wrap gap-2">
          <Link to="/quick-order" className="btn btn-ghost">
            Quick order
          </Link>
          {orderAction ? (
            orderAction.render(problems > 0, problems > 0 ? 'cart-checkout-blocked' : undefined)
          ) : (
            <>
              {/* Past 1000 pieces a line, or for a special price: the cart's lines as a request for quote (issue 17). */}
              <Link to="/quotes/new?from=cart" className="btn btn-outline">
                Request a quote
              </Link>
              <button
                type="button"
                className="btn btn-primary"
                disabled={problems > 0}
                aria-describedby={problems > 0 ? 'cart-checkout-blocked' : undefined}
                onClick={() => navigate('/checkout')}
              >
                Checkout
              </button>
            </>
          )}
        </div>
      </div>
      {problems > 0 && (
        <p id="cart-checkout-blocked" className="text-sm">
          Fix or remove the {problems === 1 ? 'line' : `${problems} lines`} marked in red to {orderAction?.verb ?? 'check out'}.
        </p>
      )}
    </div>
  );
}
