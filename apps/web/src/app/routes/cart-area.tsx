import { lazy, type ComponentType } from 'react';
import { useLocation } from 'react-router';

const page = (load: () => Promise<{ Component: ComponentType }>) => lazy(() => load().then((m) => ({ default: m.Component })));

/**
 * `/cart`, `/checkout` and `/quick-order` behind one lazy route: their pages (and the cart's and
 * checkout's chunks) are then named in this chunk rather than in the first download, whose size
 * the home route's budget counts (scripts/check-bundle-size.mjs). Each page still loads on its own.
 */
const PAGES: Record<string, ComponentType> = {
  '/cart': page(() => import('./cart')),
  '/checkout': page(() => import('./checkout')),
  '/quick-order': page(() => import('./quick-order')),
};

export function Component() {
  const { pathname } = useLocation();
  const Page = PAGES[pathname.toLowerCase().replace(/\/$/, '')] ?? PAGES['/cart']!;
  return <Page />;
}
