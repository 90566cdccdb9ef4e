import { lazy, Suspense, useState } from 'react';
import { Outlet } from 'react-router';
import { VerifyEmailBanner } from '@/features/auth/components/verify-email-banner';
import { PageSpinner } from '@/components/ui/page-spinner';
import { HideTopBarContext } from './id-route-suspense';
import { TopBar } from './top-bar';

// Inside the page's Suspense: it arrives with the page (no shift), outside the first download.
const Footer = lazy(() => import('./footer'));

export function MainLayout() {
  // Set while a page with an `:id` param is loading (spec section 2), see IdRouteSuspense.
  const [loadingIdRoute, setLoadingIdRoute] = useState(false);
  return (
    <div className="flex min-h-screen flex-col bg-base-100 text-base-content">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 btn btn-sm">
        Skip to content
      </a>
      {!loadingIdRoute && <TopBar />}
      <VerifyEmailBanner />
      <HideTopBarContext value={setLoadingIdRoute}>
        {/* The footer waits with the page: shown under a spinner, the page arriving would push it
            down (or, off-screen, pull it up), which Lighthouse counted as a 0.1-0.5 layout shift. */}
        <Suspense
          fallback={
            <main id="main" className="flex-1" aria-busy="true">
              <PageSpinner />
            </main>
          }
        >
          <main id="main" className="flex-1" aria-busy={loadingIdRoute}>
            <Outlet />
          </main>
          <Footer />
        </Suspense>
      </HideTopBarContext>
    </div>
  );
}
