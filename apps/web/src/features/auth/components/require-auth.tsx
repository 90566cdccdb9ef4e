import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PageSpinner } from '@/components/ui/page-spinner';
import { useSession } from '../api/auth-queries';
import { SessionUnavailable } from './session-unavailable';

/**
 * Signed-out users go to /login, which brings them back here (path and query) afterwards. A session
 * that could not be read (429, network) is not "signed out": the page says so and offers a retry.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (session.isPending) return <PageSpinner label="Checking your session" />;
  if (session.isError && !session.data)
    return <SessionUnavailable error={session.error} onRetry={() => void session.refetch()} retrying={session.isFetching} />;
  if (!session.data?.user) return <Navigate to="/login" replace state={{ from: { pathname: location.pathname, search: location.search } }} />;
  return children;
}

/** Admin-only screens: customers see a 'not allowed' page (the server refuses them too). */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const session = useSession();
  if (session.isPending) return <PageSpinner label="Checking your session" />;
  if (session.isError && !session.data)
    return <SessionUnavailable error={session.error} onRetry={() => void session.refetch()} retrying={session.isFetching} />;
  if (session.data?.user.role !== 'admin') {
    return (
      <section role="alert" className="mx-auto max-w-xl p-10 text-center">
        <h1 className="text-2xl font-bold">Not allowed</h1>
        <p className="py-4">This page is for shop admins only.</p>
      </section>
    );
  }
  return children;
}
