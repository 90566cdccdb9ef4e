import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { LoginForm as LoginValues } from '@bulkparts/shared';
import { lazyZodResolver } from '@/lib/lazy-zod-resolver';
import { useSignIn } from '../api/sign-in';
import { authErrorMessage } from '../auth-errors';
import { LoadingDots } from './loading-dots';
import { FormError, TextField } from '@/components/ui/form';
import { TotpCodeForm } from './totp-code-form';

const resolver = lazyZodResolver<LoginValues>(() => import('@bulkparts/shared').then((m) => m.loginFormSchema));

/**
 * Email and password; when the account has two-step sign-in, a second step asks for the code.
 * `onSignedIn` runs once a session exists (the page records the user and goes back to the origin).
 */
export function LoginForm({ onSignedIn, initialError }: { onSignedIn: (email: string) => Promise<void>; initialError?: string | null }) {
  const signIn = useSignIn();
  const [step, setStep] = useState<'password' | 'code'>('password');
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(initialError ?? null);
  const { register, handleSubmit, formState } = useForm<LoginValues>({ resolver, defaultValues: { email: '', password: '' } });

  const finish = async (who: string) => {
    setBusy(true);
    try {
      await onSignedIn(who);
    } catch (err) {
      setError(authErrorMessage(err));
      setBusy(false);
    }
  };

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    setBusy(true);
    try {
      const result = await signIn.mutateAsync(values);
      setEmail(values.email);
      if (result.twoFactorRedirect) {
        setStep('code');
        setBusy(false);
        return;
      }
      await finish(values.email);
    } catch (err) {
      setError(authErrorMessage(err));
      setBusy(false);
    }
  });

  if (step === 'code') {
    return (
      <div className="space-y-3">
        {busy && <LoadingDots />}
        <p className="text-sm">Two-step sign-in is on for {email}. Enter the 6-digit code from your authenticator app.</p>
        <TotpCodeForm onVerified={() => finish(email)} onRestart={() => setStep('password')} />
        <FormError message={error} />
      </div>
    );
  }

  return (
    <form onSubmit={onSubmit} onFocus={resolver.preload} noValidate className="space-y-4">
      {busy && <LoadingDots />}
      <TextField label="Email" type="email" autoComplete="email" registration={register('email')} error={formState.errors.email} />
      <TextField label="Password" type="password" autoComplete="current-password" registration={register('password')} error={formState.errors.password} />
      <button type="submit" className="btn btn-primary w-full" disabled={busy}>
        Login
      </button>
      <FormError message={error} />
    </form>
  );
}
