import { lazy } from 'react';
import { useLocation } from 'react-router';

const Lists = lazy(() => import('./lists').then((m) => ({ default: m.Component })));
const ListDetails = lazy(() => import('./list-details').then((m) => ({ default: m.Component })));

/**
 * `/dashboard/lists` and `/dashboard/lists/:id` (issue 33) behind one lazy route, as order-area.tsx
 * does: the first download names one chunk for the two (the home route's budget). Each page still
 * loads on its own.
 */
export function Component() {
  return /^\/dashboard\/lists\/[^/]+/i.test(useLocation().pathname) ? <ListDetails /> : <Lists />;
}
