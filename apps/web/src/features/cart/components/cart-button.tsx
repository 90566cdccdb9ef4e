import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { NavLink } from 'react-router';
import { toast } from 'react-toastify';
import { useSession } from '@/features/auth/api/auth-queries';
import { addCartLines } from '../api/add-cart-lines';
import { cartQueries, localCart, readLocalCart, useLocalCart } from '../api/cart-queries';
import { mergeLocalCart } from '../merge-local-cart';

// One merge at a time for the whole page: the top bar remounts while an `:id` page loads, and a
// second merge of the same lines would add their pieces twice.
let merging: Promise<void> | null = null;

/** After sign-in, the lines put in the cart while signed out join the server cart, then leave this browser. */
function useMergeAtSignIn(signedIn: boolean, localCount: number) {
  const qc = useQueryClient();
  useEffect(() => {
    if (!signedIn || localCount === 0 || merging) return;
    merging = mergeLocalCart(readLocalCart(), addCartLines)
      .then(({ cart, dropped }) => {
        localCart.clear();
        if (cart) qc.setQueryData(cartQueries.mine().queryKey, cart);
        for (const d of dropped) toast.warning(`${d.sku} was not added to your cart: ${d.message}`);
      })
      // Offline or a server error: the lines stay here and the next page tries again.
      .catch(() => undefined)
      .finally(() => {
        merging = null;
        void qc.invalidateQueries({ queryKey: cartQueries.all() });
      });
  }, [signedIn, localCount, qc]);
}

/**
 * The top bar's cart link with its line count: the server cart's when signed in, this browser's
 * otherwise. Loaded after the bar (it is not needed to paint a page), zod-free. The count is
 * announced politely when it changes.
 */
export function CartButton() {
  const session = useSession();
  const signedIn = Boolean(session.data?.user);
  const local = useLocalCart();
  const server = useQuery({ ...cartQueries.mine(), enabled: signedIn });
  useMergeAtSignIn(signedIn, local.length);
  const count = signedIn ? (server.data?.count ?? 0) : local.length;
  const label = `${count} ${count === 1 ? 'line' : 'lines'} in cart`;
  return (
    <>
      <NavLink to="/cart" className="btn btn-ghost btn-square relative" aria-label={`Cart, ${label}`}>
        <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
          <circle cx="9" cy="20" r="1.5" />
          <circle cx="18" cy="20" r="1.5" />
          <path d="M2 3h3l2.7 12.4a1 1 0 0 0 1 .8h9.6a1 1 0 0 0 1-.8L21 7H6" />
        </svg>
        {count > 0 && (
          // Inside the button's box: an indicator hanging over the edge widened a phone's page.
          <span className="badge badge-neutral badge-xs absolute top-0.5 right-0.5 px-1" aria-hidden="true">
            {count}
          </span>
        )}
      </NavLink>
      <span className="sr-only" aria-live="polite">
        {label}
      </span>
    </>
  );
}
