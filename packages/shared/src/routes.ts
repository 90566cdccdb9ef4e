/**
 * Every page the web app has, as React Router patterns. The server answers these with index.html
 * and 200; any other non-API path gets index.html (the app's own 404 page) with a 404 status, so
 * crawlers and monitors see a missing page as missing. apps/web/src/app/router.test.ts keeps the
 * router and this list the same.
 */
export const CLIENT_ROUTE_PATTERNS = [
  '/',
  '/home',
  '/products',
  '/blogs',
  '/myportfolio',
  '/contact',
  '/about',
  '/login',
  '/signup',
  '/reset',
  '/reset-password',
  '/verify-email',
  '/editprofile',
  '/productdetails/:id',
  '/purchase/:id',
  '/cart',
  '/checkout',
  '/quick-order',
  '/quotes/new',
  '/quotes/:id',
  // Issue 29: an answered quote accepted through the checkout's details.
  '/quotes/:id/checkout',
  '/dashboard',
  '/dashboard/addreviews',
  '/dashboard/myorders',
  '/dashboard/myquotes',
  '/dashboard/quotes',
  '/dashboard/payment/:id',
  // Issue 29: one order's page (lines, ship-to, timeline, documents, actions).
  '/dashboard/orders/:id',
  '/dashboard/makeadmin',
  '/dashboard/addproduct',
  '/dashboard/manageallorder',
  '/dashboard/allproduct',
  '/dashboard/categories',
  '/dashboard/import',
  // Issue 18: company accounts.
  '/invitations/:token',
  '/dashboard/company',
  '/dashboard/approvals',
  '/dashboard/companies',
  // Issue 19: API keys for integrations.
  '/dashboard/api-keys',
  // Issue 19: outgoing webhooks.
  '/dashboard/webhooks',
  // Issue 31: warehouses and carriers, and returns (admins).
  '/dashboard/warehouses',
  // Issue 30: tax rates (admins).
  '/dashboard/tax',
  '/dashboard/returns',
  // Issue 33: compare products, the texts admins edit, an admin's own profile, requisition lists.
  '/compare',
  '/terms',
  '/privacy',
  '/dashboard/profile',
  '/dashboard/lists',
  '/dashboard/lists/:id',
  // Issue 32: punchout, a company's setup and the document log (shop admins).
  '/dashboard/companies/:id/punchout',
  '/dashboard/punchout',
  // Issue 30: the seller's identity (shop admins).
  '/dashboard/settings',
  // Issue 30: the shipping methods (shop admins).
  '/dashboard/shipping',
] as const;

/**
 * Paths the server answers itself, never with the web app: the API, uploaded files, and (issue 32)
 * punchout's documents, start links and return page. An unknown path under one of them is a plain
 * 404, not the app's page.
 */
export const SERVER_PATH_PREFIXES = ['/api/', '/uploads/', '/punchout/'] as const;

/** Whether a path (no query) belongs to the server, not the web app. */
export function isServerPath(pathname: string): boolean {
  return pathname === '/api' || pathname === '/punchout' || SERVER_PATH_PREFIXES.some((p) => pathname.startsWith(p));
}

const matchers = CLIENT_ROUTE_PATTERNS.map((pattern) => new RegExp(`^${pattern.replace(/:[a-z]+/gi, '[^/]+')}/?$`, 'i'));

/** Whether a path (no query) is one of the web app's pages. */
export function isClientRoute(pathname: string): boolean {
  return matchers.some((m) => m.test(pathname));
}
