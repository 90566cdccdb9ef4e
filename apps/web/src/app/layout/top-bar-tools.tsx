import { NavLink } from 'react-router';
import { useIsPunchout, useSession } from '@/features/auth/api/auth-queries';
import { CartButton } from '@/features/cart/components/cart-button';
import { ProductSearch } from '@/features/products/components/product-search';
import { PunchoutTopBar } from '@/features/punchout/components/punchout-top-bar';

const icon = (d: string) => (
  <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true" className="lg:hidden">
    <path d={d} />
  </svg>
);

/**
 * The top bar's search, and beside the cart the buyer's other ways in (issue 33): Quick order and
 * Quotes (the admin's quotes to answer, a buyer's own). One lazily loaded chunk (see top-bar.tsx);
 * below `lg` the two are icons, named for screen readers. Issue 32: a punchout session has no
 * quotes (its procurement system asks for prices), and has "Return cart" instead.
 */
export default function TopBarTools() {
  const session = useSession();
  const quotes = session.data?.user.role === 'admin' ? '/dashboard/quotes' : '/dashboard/myquotes';
  const tool = 'btn btn-ghost btn-square lg:w-auto lg:px-3 font-normal';
  const punchout = useIsPunchout();
  return (
    <>
      <div className="flex min-w-0 flex-1 justify-end px-1 lg:justify-center">
        <ProductSearch />
      </div>
      <div className="flex shrink-0 items-center">
        <NavLink to="/quick-order" className={tool} aria-label="Quick order">
          {icon('M4 6h10M4 12h10M4 18h6M17 15v6M14 18h6')}
          <span className="hidden lg:inline">Quick order</span>
        </NavLink>
        {!punchout && (
          <NavLink to={quotes} className={tool} aria-label="Quotes">
            {icon('M6 3h9l4 4v14H6zM9 12h7M9 16h5')}
            <span className="hidden lg:inline">Quotes</span>
          </NavLink>
        )}
        <CartButton />
        {punchout && <PunchoutTopBar />}
      </div>
    </>
  );
}
