import { lazy } from 'react';

/**
 * `/purchase/:id` behind a small lazy chunk, as cart-area.tsx does for the cart's pages: since the
 * purchase page places its order with the checkout's details (issue 29), its chunks (the checkout's
 * fields, company and profile reads, the address schema) are named in this chunk rather than in
 * the first download, whose size the home route's budget counts (scripts/check-bundle-size.mjs).
 * The router's IdRouteSuspense shows the spinner while either chunk loads.
 */
const Purchase = lazy(() => import('./purchase').then((m) => ({ default: m.Component })));

export function Component() {
  return <Purchase />;
}
