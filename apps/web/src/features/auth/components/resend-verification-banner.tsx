import { toast } from 'react-toastify';
import { useSendVerificationEmail } from '../api/send-verification-email';
import { authErrorMessage } from '../auth-errors';

/** The banner itself (see verify-email-banner.tsx): 'Resend' mails a new confirmation link. */
export default function ResendVerificationBanner({ email }: { email: string }) {
  const resend = useSendVerificationEmail();
  return (
    <div role="region" aria-label="Email confirmation" className="flex flex-wrap items-center justify-center gap-3 bg-warning/30 px-4 py-2 text-sm">
      <span>Please confirm your email address: we sent a link to {email}.</span>
      <button
        type="button"
        className="btn btn-xs btn-outline"
        disabled={resend.isPending}
        onClick={() =>
          resend.mutate(email, {
            onSuccess: () => toast.success(`We sent a new link to ${email}`),
            onError: (err) => toast.error(authErrorMessage(err)),
          })
        }
      >
        Resend
      </button>
    </div>
  );
}
