import { useState } from 'react';
import { Link } from 'react-router';
import { AuthCard } from '@/features/auth/components/auth-card';
import { GoogleButton } from '@/features/auth/components/google-button';
import { SignupForm } from '@/features/auth/components/signup-form';
import { FormError } from '@/components/ui/form';

/** `/signup`: name, email, password (then 'check your email'), or Google. */
export function Component() {
  const [googleError, setGoogleError] = useState<string | null>(null);
  return (
    <AuthCard
      title="Sign Up"
      footer={
        <>
          <p>
            Already have an account?{' '}
            <Link to="/login" className="link link-primary">
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
      <SignupForm />
      <GoogleButton returnTo="/home" onError={setGoogleError} />
      <FormError message={googleError} />
    </AuthCard>
  );
}
