import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Mails a new verification link (the banner's and the landing page's 'Resend'). */
export function sendVerificationEmail(email: string): Promise<unknown> {
  return api('/api/auth/send-verification-email', { method: 'POST', body: { email, callbackURL: '/verify-email?status=ok' } });
}

export function useSendVerificationEmail() {
  return useMutation({ mutationFn: sendVerificationEmail });
}
