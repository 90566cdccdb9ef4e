import { lazy } from 'react';
import { useLocation } from 'react-router';

const Compare = lazy(() => import('./compare').then((m) => ({ default: m.Component })));
const SitePage = lazy(() => import('./site-page').then((m) => ({ default: m.Component })));

/**
 * `/compare`, `/terms` and `/privacy` (issue 33) behind one lazy route: the first download names one
 * chunk for the three (the home route's budget, scripts/check-bundle-size.mjs). Each page loads on its own.
 */
export function Component() {
  return useLocation().pathname.toLowerCase().startsWith('/compare') ? <Compare /> : <SitePage />;
}
