import { useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { AuthCard } from '@/features/auth/components/auth-card';
import { GoogleButton } from '@/features/auth/components/google-button';
import { SignupForm } from '@/features/auth/components/signup-form';
import { safeReturnPath } from '@/features/auth/api/sign-up';
import { FormError } from '@/components/ui/form';

/**
 * `/signup`: name, email, password (then 'check your email'), or Google. A page that sent the visitor
 * here (RequireAuth's or the invitation page's `from` state) rides along to the sign-in links, so
 * signing in afterwards comes back to it, and (issue 33) in the mailed confirmation link; `?email=`
 * (an invitation's address) is filled in.
 */
export function Component() {
  const [googleError, setGoogleError] = useState<string | null>(null);
  const { state } = useLocation();
  const from = (state as { from?: { pathname?: string; search?: string } } | null)?.from;
  const back = safeReturnPath(from?.pathname ? `${from.pathname}${from.search ?? ''}` : null);
  const returnTo = back ?? '/home';
  const [params] = useSearchParams();
  return (
    <AuthCard
      title="Sign Up"
      footer={
        <>
          <p>
            Already have an account?{' '}
            <Link to="/login" state={state} className="link link-primary">
              Please Login
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
      <SignupForm loginState={state} defaultEmail={params.get('email') ?? ''} next={back} />
      <GoogleButton returnTo={returnTo} onError={setGoogleError} />
      <FormError message={googleError} />
    </AuthCard>
  );
}
