import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Sets the new password with the mailed token; every session of the account is signed out. */
export function resetPassword(input: { token: string; password: string }): Promise<unknown> {
  return api('/api/auth/reset-password', { method: 'POST', body: { token: input.token, newPassword: input.password } });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
