import { Suspense } from 'react';
import { matchPath, Outlet, useNavigation } from 'react-router';
import { VerifyEmailBanner } from '@/features/auth/components/verify-email-banner';
import { Footer } from './footer';
import { TopBar } from './top-bar';
import { PageSpinner } from '@/components/ui/page-spinner';

/** Routes with an `:id` param: the top bar hides while one of them is loading (spec section 2). */
const ID_ROUTES = ['/productdetails/:id', '/purchase/:id', '/dashboard/payment/:id'];

export function MainLayout() {
  const navigation = useNavigation();
  const loadingIdRoute = navigation.state === 'loading' && ID_ROUTES.some((pattern) => matchPath(pattern, navigation.location.pathname));
  return (
    <div className="flex min-h-screen flex-col bg-base-100 text-base-content">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 btn btn-sm">
        Skip to content
      </a>
      {!loadingIdRoute && <TopBar />}
      <VerifyEmailBanner />
      <main id="main" className="flex-1" aria-busy={navigation.state === 'loading'}>
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
    </div>
  );
}
