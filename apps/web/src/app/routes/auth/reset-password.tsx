import { Link, useSearchParams } from 'react-router';
import { authErrorText } from '@/features/auth/auth-errors';
import { AuthCard } from '@/features/auth/components/auth-card';
import { NewPasswordForm } from '@/features/auth/components/new-password-form';

/** `/reset-password?token=…`: the mailed link lands here to choose a new password. */
export function Component() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const error = params.get('error');
  return (
    <AuthCard title="Choose a new password">
      {token && !error ? (
        <NewPasswordForm token={token} />
      ) : (
        <div role="alert" className="space-y-3 text-center">
          <p>{authErrorText(error ?? 'INVALID_TOKEN')}</p>
          <Link to="/reset" className="btn btn-primary w-full">
            Ask for a new link
          </Link>
        </div>
      )}
    </AuthCard>
  );
}
