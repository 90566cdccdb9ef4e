import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SignupForm } from '@bulkparts/shared';
import { api } from '@/lib/api-client';
import { authQueries, forgetAccountReads } from './auth-queries';

/** Asks for the account; the server mails a confirmation link (or, for a taken address, a note to its owner). No session. */
export function signUpWithEmail(values: SignupForm): Promise<{ user: { email: string } }> {
  return api('/api/auth/sign-up/email', {
    method: 'POST',
    body: { name: values.name, email: values.email, password: values.password, callbackURL: '/verify-email?status=ok' },
  });
}

export function useSignUp() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: signUpWithEmail,
    onSuccess: () => {
      forgetAccountReads(qc);
      return qc.invalidateQueries({ queryKey: authQueries.session().queryKey });
    },
  });
}
