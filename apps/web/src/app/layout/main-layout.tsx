import { Suspense } from 'react';
import { Outlet, useNavigation } from 'react-router';
import { Footer } from './footer';
import { TopBar } from './top-bar';
import { PageSpinner } from '@/components/ui/page-spinner';

export function MainLayout() {
  const navigation = useNavigation();
  return (
    <div className="flex min-h-screen flex-col bg-base-100 text-base-content">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 btn btn-sm">
        Skip to content
      </a>
      <TopBar />
      <main id="main" className="flex-1" aria-busy={navigation.state === 'loading'}>
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
    </div>
  );
}
