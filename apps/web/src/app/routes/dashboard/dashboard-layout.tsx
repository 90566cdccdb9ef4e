import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { useSession } from '@/features/auth/api/auth-queries';

/** 'Approvals', for approvers and company admins only (approvals-link.tsx says why it is lazy). */
const ApprovalsLink = lazy(() => import('./approvals-link').then((m) => ({ default: m.Component })));

interface MenuLink {
  to: string;
  label: string;
  end?: boolean;
}

/** A buyer's own pages; an admin's profile is at /dashboard/profile, the dashboard itself being their inbox (issue 33). */
const buyingLinks = (admin: boolean): MenuLink[] => [
  admin ? { to: '/dashboard/profile', label: 'My Profile' } : { to: '/dashboard', label: 'My Profile', end: true },
  { to: '/dashboard/myorders', label: 'My Orders' },
  { to: '/dashboard/myquotes', label: 'My Quotes' },
  { to: '/dashboard/lists', label: 'Requisition lists' },
  { to: '/dashboard/company', label: 'Company' },
  { to: '/dashboard/addreviews', label: 'Add Reviews' },
];
/** The admin's menu, grouped by what is run there (issue 33); the spec's labels kept. */
const adminGroups: { title: string; links: MenuLink[] }[] = [
  {
    title: 'Catalogue',
    links: [
      { to: '/dashboard/allproduct', label: 'All Product' },
      { to: '/dashboard/addproduct', label: 'Add Product' },
      { to: '/dashboard/categories', label: 'Categories' },
      { to: '/dashboard/import', label: 'Import CSV' },
      // Issue 31: where stock is kept and shipments leave from, and the carriers' tracking links.
      { to: '/dashboard/warehouses', label: 'Warehouses' },
      // Issue 30: the shipping methods checkout offers.
      { to: '/dashboard/shipping', label: 'Shipping' },
      { to: '/dashboard/tax', label: 'Tax rates' },
    ],
  },
  {
    title: 'Orders',
    links: [
      { to: '/dashboard/manageallorder', label: 'Manage All Order' },
      { to: '/dashboard/quotes', label: 'Quotes' },
      // Issue 31: returns to decide on and receive.
      { to: '/dashboard/returns', label: 'Returns' },
    ],
  },
  {
    title: 'Customers',
    links: [
      { to: '/dashboard/companies', label: 'Companies' },
      { to: '/dashboard/makeadmin', label: 'Make Admin' },
    ],
  },
  {
    title: 'Integrations',
    links: [
      { to: '/dashboard/api-keys', label: 'API Keys' },
      { to: '/dashboard/webhooks', label: 'Webhooks' },
      { to: '/dashboard/punchout', label: 'Punchout Log' },
    ],
  },
  {
    title: 'Settings',
    links: [
      // Issue 30: who sells (invoices, mails, Contact page).
      { to: '/dashboard/settings', label: 'Seller details' },
      { to: '/terms', label: 'Terms of sale' },
      { to: '/privacy', label: 'Privacy' },
    ],
  },
];

/** The dashboard shell: a side menu on wide screens, a drawer behind a toggle button on phones. */
export function Component() {
  const session = useSession();
  const isAdmin = session.data?.user.role === 'admin';
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const [lastPath, setLastPath] = useState(location.pathname);
  if (lastPath !== location.pathname) {
    setLastPath(location.pathname);
    setOpen(false);
  }
  const menuRef = useRef<HTMLElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  // Opening the drawer moves focus into it; Escape closes it and returns focus to the button.
  // The drawer stays `visibility: hidden` until its CSS transition has run its 0.1s delay, and
  // focus() on a hidden link silently does nothing. A fixed timer raced that transition on a busy
  // device (the frame that starts it can come late), so try each frame until focus lands, giving
  // up after two seconds or as soon as the user has put focus somewhere else.
  useEffect(() => {
    if (!open) return;
    const until = performance.now() + 2000;
    let frame = 0;
    const tryFocus = () => {
      const link = menuRef.current?.querySelector('a');
      const active = document.activeElement;
      if (!link || active === link || (active !== document.body && active !== toggleRef.current)) return;
      link.focus();
      if (document.activeElement !== link && performance.now() < until) frame = requestAnimationFrame(tryFocus);
    };
    frame = requestAnimationFrame(tryFocus);
    return () => cancelAnimationFrame(frame);
  }, [open]);
  const close = () => {
    setOpen(false);
    toggleRef.current?.focus();
  };
  const item = (link: MenuLink) => (
    <li key={link.to}>
      <NavLink to={link.to} end={link.end} className={({ isActive }) => (isActive ? 'menu-active' : '')}>
        {link.label}
      </NavLink>
    </li>
  );

  // Issue 32: a punchout session has no dashboard (its procurement system keeps the orders; the server refuses these pages' reads).
  if (session.data?.session?.punchoutId) {
    return (
      <section className="mx-auto max-w-xl p-10 text-center">
        <h1 className="text-2xl font-bold">Not part of punchout</h1>
        <p className="py-4">You are shopping from your procurement system: fill the cart and return it there, where the order is placed.</p>
        <Link to="/cart" className="btn btn-primary">
          Go to the cart
        </Link>
      </section>
    );
  }

  const buying = (
    <>
      {buyingLinks(isAdmin).map(item)}
      <Suspense fallback={null}>
        <ApprovalsLink />
      </Suspense>
    </>
  );

  return (
    <div className="drawer lg:drawer-open mx-auto max-w-7xl">
      <input
        id="dashboard-drawer"
        type="checkbox"
        className="drawer-toggle"
        checked={open}
        onChange={(e) => setOpen(e.target.checked)}
        aria-hidden="true"
        tabIndex={-1}
      />
      <div className="drawer-content min-w-0 p-4">
        <button
          ref={toggleRef}
          type="button"
          className="btn btn-outline btn-sm mb-4 lg:hidden"
          aria-controls="dashboard-menu"
          aria-expanded={open}
          onClick={() => setOpen((v) => !v)}
        >
          <span aria-hidden="true">☰</span> Dashboard menu
        </button>
        <Outlet />
      </div>
      <div className="drawer-side z-40">
        <button type="button" className="drawer-overlay" aria-label="Close dashboard menu" onClick={close} />
        <nav
          ref={menuRef}
          id="dashboard-menu"
          aria-label="Dashboard"
          onKeyDown={(e) => open && e.key === 'Escape' && close()}
          className="min-h-full w-64 bg-base-200 p-4"
        >
          <h2 className="mb-2 px-2 text-lg font-bold">Dashboard</h2>
          <ul className="menu w-full gap-1">
            {isAdmin && (
              <>
                {item({ to: '/dashboard', label: 'Inbox', end: true })}
                {adminGroups.map((group) => (
                  <li key={group.title}>
                    <h3 className="menu-title text-base-content">{group.title}</h3>
                    <ul>{group.links.map(item)}</ul>
                  </li>
                ))}
              </>
            )}
            {isAdmin ? (
              <li>
                <h3 className="menu-title text-base-content">My buying</h3>
                <ul>{buying}</ul>
              </li>
            ) : (
              buying
            )}
          </ul>
        </nav>
      </div>
    </div>
  );
}
