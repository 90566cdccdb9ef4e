import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginForm } from '@bulkparts/shared';
import { api } from '@/lib/api-client';
import { authQueries, forgetAccountReads } from './auth-queries';

export interface SignInResult {
  /** The account has two-step sign-in: a code is needed to finish. */
  twoFactorRedirect?: boolean;
  user?: { email: string };
}

export function signInWithEmail(values: LoginForm): Promise<SignInResult> {
  return api<SignInResult>('/api/auth/sign-in/email', { method: 'POST', body: { email: values.email, password: values.password } });
}

export function useSignIn() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: signInWithEmail,
    onSuccess: (result) => {
      if (result.twoFactorRedirect) return;
      forgetAccountReads(qc);
      void qc.invalidateQueries({ queryKey: authQueries.session().queryKey });
    },
  });
}
