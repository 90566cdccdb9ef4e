import { lazy, Suspense, useEffect, useRef } from 'react';
import { NavLink, useLocation, useNavigate } from 'react-router';
import { useSession } from '@/features/auth/api/auth-queries';
import { useSignOut } from '@/features/auth/api/sign-out';

// The search and the cart link (with its count) are not needed to paint a page: loaded right after
// the bar, as one chunk, they stay out of the first download (the home route's budget,
// scripts/check-bundle-size.mjs), with same-sized placeholders so the bar does not shift.
const TopBarTools = lazy(() => import('./top-bar-tools'));
const toolsPlaceholder = (
  <>
    <div className="flex min-w-0 flex-1 justify-end px-1 lg:justify-center">
      <div className="h-10 w-10 sm:h-8 sm:w-56 xl:w-72" aria-hidden="true" />
    </div>
    <div className="h-10 w-30 shrink-0 lg:w-56" aria-hidden="true" />
  </>
);

// The menu paints the current page (aria-current) light on dark; a coloured text on top of that
// read at 2.4:1. Weight alone marks it, and the menu's own colours keep the contrast.
const linkClass = ({ isActive }: { isActive: boolean }) => (isActive ? 'font-semibold' : '');

export function TopBar() {
  const session = useSession();
  const signOut = useSignOut();
  const navigate = useNavigate();
  const signedIn = Boolean(session.data?.user);
  const { pathname } = useLocation();
  const menuRef = useRef<HTMLDivElement>(null);

  // The phone menu is open while focus is inside it (a CSS dropdown); after a tap on one of its
  // links the focus stayed there and the menu covered the new page. A new page closes it.
  useEffect(() => {
    const focused = document.activeElement;
    if (focused instanceof HTMLElement && menuRef.current?.contains(focused)) focused.blur();
  }, [pathname]);

  const links = (
    <>
      <li>
        <NavLink to="/home" className={linkClass}>
          HOME
        </NavLink>
      </li>
      <li>
        <NavLink to="/products" className={linkClass}>
          PRODUCTS
        </NavLink>
      </li>
      {signedIn && (
        <li>
          <NavLink to="/dashboard" className={linkClass}>
            DASHBOARD
          </NavLink>
        </li>
      )}
      <li>
        <NavLink to="/blogs" className={linkClass}>
          BLOGS
        </NavLink>
      </li>
      <li>
        <NavLink to="/myportfolio" className={linkClass}>
          MY PORTFOLIO
        </NavLink>
      </li>
      <li>
        {signedIn ? (
          <button type="button" onClick={() => signOut.mutate(undefined, { onSettled: () => navigate('/login') })}>
            Sign Out
          </button>
        ) : (
          <NavLink to="/login" className={linkClass}>
            LOGIN
          </NavLink>
        )}
      </li>
    </>
  );

  return (
    <header className="navbar sticky top-0 z-30 bg-base-100 shadow-sm px-2 sm:px-6">
      <div className="navbar-start w-auto shrink-0">
        <div className="dropdown lg:hidden" ref={menuRef}>
          <button type="button" className="btn btn-ghost" aria-label="Open menu" aria-haspopup="menu">
            <svg xmlns="http://www.w3.org/2000/svg" className="h-5 w-5" fill="none" viewBox="0 0 24 24" stroke="currentColor" aria-hidden="true">
              <path strokeLinecap="round" strokeLinejoin="round" strokeWidth="2" d="M4 6h16M4 12h16M4 18h16" />
            </svg>
          </button>
          <ul tabIndex={-1} className="menu dropdown-content z-40 mt-3 w-56 rounded-box bg-base-100 p-2 shadow">
            {links}
          </ul>
        </div>
        <NavLink to="/" className="btn btn-ghost text-xl font-bold tracking-tight" aria-label="bulkparts home">
          <span className="text-primary">bulk</span>parts
        </NavLink>
      </div>
      <Suspense fallback={toolsPlaceholder}>
        <TopBarTools />
      </Suspense>
      <nav className="hidden shrink-0 lg:flex" aria-label="Main">
        <ul className="menu menu-horizontal px-1 gap-1">{links}</ul>
      </nav>
    </header>
  );
}
