import { lazy } from 'react';
import { useLocation } from 'react-router';

const Payment = lazy(() => import('./payment').then((m) => ({ default: m.Component })));
const OrderDetails = lazy(() => import('./order-details').then((m) => ({ default: m.Component })));

/**
 * `/dashboard/payment/:id` and `/dashboard/orders/:id` (issue 29) behind one lazy route, as
 * quotes-area.tsx does for the quotes' pages: the first download names one chunk for the two,
 * since the home route's budget (scripts/check-bundle-size.mjs) has no room for another. Each
 * page still loads on its own; the router's IdRouteSuspense shows the spinner meanwhile.
 */
export function Component() {
  return useLocation().pathname.toLowerCase().startsWith('/dashboard/orders/') ? <OrderDetails /> : <Payment />;
}
