import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { NewPasswordForm as NewPasswordValues } from '@bulkparts/shared';
import { lazyZodResolver } from '@/lib/lazy-zod-resolver';
import { useResetPassword } from '../api/reset-password';
import { authErrorMessage } from '../auth-errors';
import { FormError, TextField } from '@/components/ui/form';

const resolver = lazyZodResolver<NewPasswordValues>(() => import('@bulkparts/shared').then((m) => m.newPasswordFormSchema));

/** Choose a new password with the mailed token; afterwards every session of the account is signed out. */
export function NewPasswordForm({ token }: { token: string }) {
  const reset = useResetPassword();
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<NewPasswordValues>({ resolver, defaultValues: { password: '', confirm: '' } });

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    try {
      await reset.mutateAsync({ token, password: values.password });
      setDone(true);
    } catch (err) {
      setError(authErrorMessage(err));
    }
  });

  if (done) {
    return (
      <div role="status" className="space-y-3 text-center">
        <p className="font-semibold">Your password is changed.</p>
        <p className="text-sm">For your safety we signed you out everywhere.</p>
        <Link to="/login" className="btn btn-primary w-full">
          Login with the new password
        </Link>
      </div>
    );
  }
  return (
    <form onSubmit={onSubmit} onFocus={resolver.preload} noValidate className="space-y-4">
      <TextField label="New password" type="password" autoComplete="new-password" registration={register('password')} error={formState.errors.password} />
      <TextField
        label="Repeat the new password"
        type="password"
        autoComplete="new-password"
        registration={register('confirm')}
        error={formState.errors.confirm}
      />
      <button type="submit" className="btn btn-primary w-full" disabled={formState.isSubmitting}>
        Save new password
      </button>
      <FormError message={error} />
    </form>
  );
}
