import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { MESSAGES, type ResetForm } from '@bulkparts/shared';
import { lazyZodResolver } from '@/lib/lazy-zod-resolver';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { authErrorMessage } from '../auth-errors';
import { FormError, TextField } from '@/components/ui/form';

const resolver = lazyZodResolver<ResetForm>(() => import('@bulkparts/shared').then((m) => m.resetFormSchema));

/** Email and 'Continue'; afterwards 'Please Check your email' whether or not the address has an account. */
export function ResetRequestForm() {
  const request = useRequestPasswordReset();
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<ResetForm>({ resolver, defaultValues: { email: '' } });

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    try {
      await request.mutateAsync(values);
      setSent(true);
    } catch (err) {
      setError(authErrorMessage(err));
    }
  });

  if (sent) {
    return (
      <p role="status" className="rounded-box bg-success/15 p-4 text-center font-semibold">
        {MESSAGES.resetSent}
      </p>
    );
  }
  return (
    <form onSubmit={onSubmit} onFocus={resolver.preload} noValidate className="space-y-4">
      <TextField label="Email" type="email" autoComplete="email" registration={register('email')} error={formState.errors.email} />
      <button type="submit" className="btn btn-primary w-full" disabled={formState.isSubmitting}>
        Continue
      </button>
      <FormError message={error} />
    </form>
  );
}
