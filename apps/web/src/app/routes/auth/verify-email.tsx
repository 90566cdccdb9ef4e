import { Link, useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { useSession } from '@/features/auth/api/auth-queries';
import { useSendVerificationEmail } from '@/features/auth/api/send-verification-email';
import { authErrorMessage, authErrorText } from '@/features/auth/auth-errors';
import { AuthCard } from '@/features/auth/components/auth-card';
import { safeReturnPath } from '@/features/auth/api/sign-up';

/**
 * `/verify-email`: where the mailed confirmation link lands (`?status=ok`, or `&error=…`). Issue 33:
 * `next` (the invitation the account was made for) is where signing in then leads.
 */
export function Component() {
  const [params] = useSearchParams();
  const error = params.get('error');
  const ok = params.get('status') === 'ok' && !error;
  const session = useSession();
  const resend = useSendVerificationEmail();
  const user = session.data?.user;
  const next = safeReturnPath(params.get('next'));

  if (ok) {
    return (
      <AuthCard title="Email confirmed">
        <p role="status" className="text-center">
          Thank you! Your email address is confirmed.{user ? '' : ' Sign in to continue.'}
        </p>
        {/* The link proves the address only; it never signs anybody in (not even past a second factor). */}
        {user ? (
          <Link to={next ?? '/home'} className="btn btn-primary w-full">
            {next ? 'Continue' : 'Go to the shop'}
          </Link>
        ) : (
          <Link to="/login" state={next ? { from: { pathname: next } } : undefined} className="btn btn-primary w-full">
            Sign in
          </Link>
        )}
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Email confirmation">
      <p role="alert" className="text-center">
        {error ? authErrorText(error) : 'Open the link we emailed you to confirm your address.'}
      </p>
      {user && !user.emailVerified ? (
        <button
          type="button"
          className="btn btn-primary w-full"
          disabled={resend.isPending || resend.isSuccess}
          onClick={() =>
            resend.mutate(user.email, {
              onSuccess: () => toast.success(`We sent a new link to ${user.email}`),
              onError: (err) => toast.error(authErrorMessage(err)),
            })
          }
        >
          {resend.isSuccess ? 'Sent: check your email' : 'Resend the link'}
        </button>
      ) : user ? (
        <Link to="/home" className="btn w-full">
          Your email is already confirmed
        </Link>
      ) : (
        <p className="text-center text-sm">
          <Link to="/login" className="link link-primary">
            Login
          </Link>{' '}
          to get a new link.
        </p>
      )}
    </AuthCard>
  );
}
