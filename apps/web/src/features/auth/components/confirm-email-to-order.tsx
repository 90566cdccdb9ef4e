import { MESSAGES } from '@bulkparts/shared/messages';
import { ERROR_TEXT } from '@/components/ui/form';
import { useSendVerificationEmail } from '../api/send-verification-email';
import { authErrorMessage } from '../auth-errors';

/** In place of the order form for a signed-in user whose address is not confirmed (the server refuses the order too). */
export function ConfirmEmailToOrder({ email }: { email: string }) {
  const resend = useSendVerificationEmail();
  return (
    <div role="alert" className="rounded-box bg-warning/30 space-y-3 p-6">
      <p className="font-semibold">{MESSAGES.confirmEmailToOrder}</p>
      <p className="text-sm">We sent a confirmation link to {email}. Open it, then come back to this page.</p>
      <button type="button" className="btn btn-primary btn-sm" disabled={resend.isPending || resend.isSuccess} onClick={() => resend.mutate(email)}>
        {resend.isSuccess ? 'Sent: check your email' : 'Resend'}
      </button>
      {resend.isError && <p className={`text-sm ${ERROR_TEXT}`}>{authErrorMessage(resend.error)}</p>}
    </div>
  );
}
