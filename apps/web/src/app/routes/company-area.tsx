import { lazy, type ComponentType } from 'react';
import { useLocation } from 'react-router';

const page = (load: () => Promise<{ Component: ComponentType }>) => lazy(() => load().then((m) => ({ default: m.Component })));

const Invitation = page(() => import('./invitation'));
const MyCompany = page(() => import('./dashboard/company'));
const Approvals = page(() => import('./dashboard/approvals'));
const Companies = page(() => import('./dashboard/companies'));
// Issue 19: the API keys and webhooks pages ride on this lazy route too (no room in the home route's budget for another).
const ApiKeys = page(() => import('./dashboard/api-keys'));
const Webhooks = page(() => import('./dashboard/webhooks'));
// Issue 31: warehouses and carriers, and the returns list, ride on it too.
const Warehouses = page(() => import('./dashboard/warehouses'));
// Issue 30: the tax rates.
const TaxRates = page(() => import('./dashboard/tax'));
const Returns = page(() => import('./dashboard/returns'));
// Issue 32: punchout, a company's setup and the log (shop admins), here for the same reason.
const CompanyPunchout = page(() => import('./dashboard/company-punchout'));
const PunchoutLog = page(() => import('./dashboard/punchout-log'));
// Issue 30: the seller's identity (shop admins), here for the same reason.
const Settings = page(() => import('./dashboard/settings'));
// Issue 30: the shipping methods.
const Shipping = page(() => import('./dashboard/shipping'));

/**
 * Company accounts (issue 18): `/invitations/:token`, `/dashboard/company`, `/dashboard/approvals`
 * and `/dashboard/companies` behind one lazy route (as quotes-area.tsx and cart-area.tsx do): the
 * first download names one chunk for the four, since the home route's budget
 * (scripts/check-bundle-size.mjs) has no room for more. Each page still loads on its own. The
 * dashboard's pages are signed in by the dashboard route (the companies page checks for a shop
 * admin itself); the invitation page is public (it offers sign-in itself).
 */
export function Component() {
  const path = useLocation().pathname.toLowerCase().replace(/\/$/, '');
  if (path === '/dashboard/company') return <MyCompany />;
  if (path === '/dashboard/approvals') return <Approvals />;
  if (path === '/dashboard/companies') return <Companies />;
  if (path === '/dashboard/api-keys') return <ApiKeys />;
  if (path === '/dashboard/webhooks') return <Webhooks />;
  if (path === '/dashboard/warehouses') return <Warehouses />;
  if (path === '/dashboard/tax') return <TaxRates />;
  if (path === '/dashboard/returns') return <Returns />;
  if (path === '/dashboard/punchout') return <PunchoutLog />;
  if (path === '/dashboard/settings') return <Settings />;
  if (path === '/dashboard/shipping') return <Shipping />;
  if (/^\/dashboard\/companies\/[^/]+\/punchout$/.test(path)) return <CompanyPunchout />;
  return <Invitation />;
}
