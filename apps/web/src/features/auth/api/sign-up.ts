import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SignupForm } from '@bulkparts/shared';
import { api } from '@/lib/api-client';
import { authQueries, forgetAccountReads } from './auth-queries';

/** A path of this site to come back to (never another site's, `//host`), or null. */
export function safeReturnPath(path: string | null | undefined): string | null {
  return path && path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\') ? path : null;
}

/**
 * Asks for the account; the server mails a confirmation link (or, for a taken address, a note to
 * its owner). No session. `next` (issue 33: the invitation page) rides in the link, so the
 * confirmation page leads there through sign-in.
 */
export function signUpWithEmail(values: SignupForm & { next?: string | null }): Promise<{ user: { email: string } }> {
  const next = safeReturnPath(values.next);
  const callbackURL = `/verify-email?${new URLSearchParams({ status: 'ok', ...(next ? { next } : {}) })}`;
  return api('/api/auth/sign-up/email', {
    method: 'POST',
    body: { name: values.name, email: values.email, password: values.password, callbackURL },
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
