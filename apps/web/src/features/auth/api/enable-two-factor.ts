import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface TwoFactorEnrolment {
  /** otpauth://totp/… for the QR code; the secret is its `secret` parameter. */
  totpURI: string;
  backupCodes: string[];
}

/** Starts enrolment with the password; two-step sign-in is on once a code confirms it. */
export function enableTwoFactor(password: string): Promise<TwoFactorEnrolment> {
  return api<TwoFactorEnrolment>('/api/auth/two-factor/enable', { method: 'POST', body: { password } });
}

export function useEnableTwoFactor() {
  return useMutation({ mutationFn: enableTwoFactor });
}
