import { useMutation } from '@tanstack/react-query';
import type { ResetForm } from '@bulkparts/shared';
import { api } from '@/lib/api-client';

/** Mails a reset link when the account exists; answers the same either way. */
export function requestPasswordReset(values: ResetForm): Promise<unknown> {
  return api('/api/auth/request-password-reset', { method: 'POST', body: { email: values.email, redirectTo: '/reset-password' } });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
