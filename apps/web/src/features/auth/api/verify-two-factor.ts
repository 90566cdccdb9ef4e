import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { authQueries, forgetAccountReads } from './auth-queries';

/**
 * Checks a second-factor code: a 6-digit code from the authenticator app, or a backup code.
 * During sign-in it finishes the sign-in; during enrolment it turns two-step sign-in on.
 */
export function verifyTwoFactorCode(code: string): Promise<unknown> {
  const trimmed = code.trim();
  const isTotp = /^\d{6}$/.test(trimmed);
  return api(isTotp ? '/api/auth/two-factor/verify-totp' : '/api/auth/two-factor/verify-backup-code', { method: 'POST', body: { code: trimmed } });
}

export function useVerifyTwoFactor() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: verifyTwoFactorCode,
    onSuccess: () => {
      forgetAccountReads(qc);
      return qc.invalidateQueries({ queryKey: authQueries.session().queryKey });
    },
  });
}
