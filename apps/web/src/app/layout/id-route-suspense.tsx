import { createContext, Suspense, useContext, useLayoutEffect, type ReactNode } from 'react';
import { PageSpinner } from '@/components/ui/page-spinner';

/** MainLayout's switch for the top bar; the fallback below flips it. */
export const HideTopBarContext = createContext<(hidden: boolean) => void>(() => {});

function IdRouteFallback() {
  const setHidden = useContext(HideTopBarContext);
  // Layout effect: the bar must be gone in the same frame the spinner appears, not one later.
  useLayoutEffect(() => {
    setHidden(true);
    return () => setHidden(false);
  }, [setHidden]);
  return <PageSpinner />;
}

/**
 * Wraps a route with an `:id` param: the spec hides the top bar while such a page is loading.
 * The data router told us through `useNavigation()`; with declarative routes the page's own
 * Suspense fallback does it. A Suspense boundary that mounts during a transition shows its
 * fallback at once, so this works with React Router's transition-wrapped navigations.
 */
export function IdRouteSuspense({ children }: { children: ReactNode }) {
  return <Suspense fallback={<IdRouteFallback />}>{children}</Suspense>;
}
