import { Link } from 'react-router';
import { AuthCard } from '@/features/auth/components/auth-card';
import { ResetRequestForm } from '@/features/auth/components/reset-request-form';

/** `/reset`: ask for a reset link by email. */
export function Component() {
  return (
    <AuthCard
      title="Reset Password"
      footer={
        <p>
          Remembered it?{' '}
          <Link to="/login" className="link link-primary">
            Back to Login
          </Link>
        </p>
      }
    >
      <p className="text-sm">Enter the email of your account and we will send you a link to choose a new password.</p>
      <ResetRequestForm />
    </AuthCard>
  );
}
