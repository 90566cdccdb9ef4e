import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { SignupForm as SignupValues } from '@bulkparts/shared';
import { lazyZodResolver } from '@/lib/lazy-zod-resolver';
import { useSignUp } from '../api/sign-up';
import { authErrorMessage } from '../auth-errors';
import { LoadingDots } from './loading-dots';
import { FormError, TextField } from '@/components/ui/form';

const resolver = lazyZodResolver<SignupValues>(() => import('@bulkparts/shared').then((m) => m.signupFormSchema));

/**
 * Name, email and password: asks for the account, then says to open the mailed link. Sign-up opens
 * no session and answers alike whether or not the address already has an account (the owner of an
 * existing one gets a mail instead), so the page never tells a stranger who is a customer.
 */
export function SignupForm({
  onSignedUp,
  loginState,
  defaultEmail = '',
  next = null,
}: {
  onSignedUp?: (email: string) => void | Promise<void>;
  /** Passed on to the sign-in page (its `from`: where to go after signing in). */
  loginState?: unknown;
  /** Issue 33: the address an invitation was sent to, filled in. */
  defaultEmail?: string;
  /** Issue 33: where the mailed confirmation leads through sign-in (the invitation). */
  next?: string | null;
}) {
  const signUp = useSignUp();
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<SignupValues>({ resolver, defaultValues: { name: '', email: defaultEmail, password: '' } });

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    try {
      await signUp.mutateAsync({ ...values, next });
      setSentTo(values.email);
      await onSignedUp?.(values.email);
    } catch (err) {
      setError(authErrorMessage(err));
    }
  });

  if (sentTo) {
    return (
      <div role="status" className="space-y-3 text-center">
        <p className="font-semibold">Check your email</p>
        <p>We sent a link to {sentTo}. Open it to confirm your address, then sign in.</p>
        <Link to="/login" state={loginState} className="btn btn-primary w-full">
          Login
        </Link>
      </div>
    );
  }

  return (
    <form onSubmit={onSubmit} onFocus={resolver.preload} noValidate className="space-y-4">
      {formState.isSubmitting && <LoadingDots label="Creating your account" />}
      <TextField label="Name" autoComplete="name" registration={register('name')} error={formState.errors.name} />
      <TextField label="Email" type="email" autoComplete="email" registration={register('email')} error={formState.errors.email} />
      <TextField label="Password" type="password" autoComplete="new-password" registration={register('password')} error={formState.errors.password} />
      <button type="submit" className="btn btn-primary w-full" disabled={formState.isSubmitting}>
        Sign Up
      </button>
      <FormError message={error} />
    </form>
  );
}
