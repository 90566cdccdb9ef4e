import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { authQueries, forgetAccountReads, useSession } from '@/features/auth/api/auth-queries';
import { recordSignedInUser } from '@/features/auth/api/record-user';
import { authErrorText } from '@/features/auth/auth-errors';
import { AuthCard } from '@/features/auth/components/auth-card';
import { GoogleButton } from '@/features/auth/components/google-button';
import { LoginForm } from '@/features/auth/components/login-form';
import { FormError } from '@/components/ui/form';

interface FromState {
  from?: { pathname?: string; search?: string };
}

/** Where to go after sign-in: the page RequireAuth sent the user from (path and query), or `/`. */
function originOf(state: unknown): string {
  const from = (state as FromState | null)?.from;
  if (!from?.pathname || !from.pathname.startsWith('/') || from.pathname.startsWith('//') || from.pathname === '/login') return '/';
  return `${from.pathname}${from.search ?? ''}`;
}

/** `/login`: email and password (then a code when two-step sign-in is on), or Google. */
export function Component() {
  const location = useLocation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [params] = useSearchParams();
  const [googleError, setGoogleError] = useState<string | null>(null);
  const origin = originOf(location.state);
  const callbackError = params.get('error');
  const session = useSession();

  const onSignedIn = async (email: string) => {
    await recordSignedInUser(email);
    forgetAccountReads(qc);
    await qc.invalidateQueries({ queryKey: authQueries.session().queryKey });
    navigate(origin, { replace: true });
  };

  // Already signed in (a bookmark, the back button): on to where they were going, not a second sign-in.
  if (session.data?.user) return <Navigate to={origin} replace />;

  return (
    <AuthCard
      title="Login"
      footer={
        <>
          <p>
            New to bulkparts? {/* The page to come back to goes along: signing up, then in, still ends there. */}
            <Link to="/signup" state={location.state} className="link link-primary">
              Create New Account
            </Link>
          </p>
          <p>
            Forgot your password?{' '}
            <Link to="/reset" className="link link-primary">
              Reset Password
            </Link>
          </p>
        </>
      }
    >
      <LoginForm onSignedIn={onSignedIn} initialError={callbackError ? authErrorText(callbackError) : null} />
      <GoogleButton returnTo={origin} onError={setGoogleError} />
      <FormError message={googleError} />
    </AuthCard>
  );
}
