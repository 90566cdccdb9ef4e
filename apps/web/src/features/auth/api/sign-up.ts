import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SignupForm } from '@bulkparts/shared';
import { api } from '@/lib/api-client';
import { sessionQueryKey } from './get-session';

/** Creates the account with its display name; the server mails the verification link and signs in. */
export function signUpWithEmail(values: SignupForm): Promise<{ user: { email: string } }> {
  return api('/api/auth/sign-up/email', { method: 'POST', body: { name: values.name, email: values.email, password: values.password, callbackURL: '/verify-email?status=ok' } });
}

export function useSignUp() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: signUpWithEmail, onSuccess: () => qc.invalidateQueries({ queryKey: sessionQueryKey }) });
}
