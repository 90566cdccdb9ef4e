import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { TotpCodeForm } from '@bulkparts/shared';
import { lazyZodResolver } from '@/lib/lazy-zod-resolver';
import { useVerifyTwoFactor } from '../api/verify-two-factor';
import { authErrorMessage } from '../auth-errors';
import { FormError, TextField } from '@/components/ui/form';

const resolver = lazyZodResolver<TotpCodeForm>(() => import('@bulkparts/shared').then((m) => m.totpCodeFormSchema));

/** The second step of sign-in (and the last step of enrolment): a code from the app or a backup code. */
export function TotpCodeForm({
  onVerified,
  submitLabel = 'Verify',
  allowBackupCode = true,
  onRestart,
}: {
  onVerified: () => void | Promise<void>;
  submitLabel?: string;
  allowBackupCode?: boolean;
  onRestart?: () => void;
}) {
  const verify = useVerifyTwoFactor();
  const [error, setError] = useState<string | null>(null);
  const [mustRestart, setMustRestart] = useState(false);
  const { register, handleSubmit, formState } = useForm<TotpCodeForm>({ resolver, defaultValues: { code: '' } });

  const onSubmit = handleSubmit(async ({ code }) => {
    setError(null);
    try {
      await verify.mutateAsync(code);
      await onVerified();
    } catch (err) {
      setError(authErrorMessage(err));
      const restart = (err as { code?: string }).code;
      if (restart === 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE' || restart === 'INVALID_TWO_FACTOR_COOKIE') setMustRestart(true);
    }
  });

  return (
    <form onSubmit={onSubmit} onFocus={resolver.preload} noValidate className="space-y-4">
      <TextField
        label={allowBackupCode ? 'Code from your authenticator app (or a backup code)' : 'Code from your authenticator app'}
        registration={register('code')}
        error={formState.errors.code}
        inputMode={allowBackupCode ? 'text' : 'numeric'}
        autoComplete="one-time-code"
        autoFocus
      />
      <button type="submit" className="btn btn-primary w-full" disabled={formState.isSubmitting}>
        {submitLabel}
      </button>
      <FormError message={error} />
      {mustRestart && onRestart && (
        <button type="button" className="link text-sm" onClick={onRestart}>
          Sign in again
        </button>
      )}
    </form>
  );
}
