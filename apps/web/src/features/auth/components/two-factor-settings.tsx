import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'react-toastify';
import { useDisableTwoFactor } from '../api/disable-two-factor';
import { useEnableTwoFactor, type TwoFactorEnrolment } from '../api/enable-two-factor';
import { useSession } from '../api/auth-queries';
import { authErrorMessage } from '../auth-errors';
import { FormError, TextField } from '@/components/ui/form';
import { TotpCodeForm } from './totp-code-form';

/** Copy and Download, so the codes are saved whole rather than retyped (or not at all). */
function BackupCodeActions({ codes }: { codes: readonly string[] }) {
  const text = `bulkparts backup codes (each signs you in once)\n\n${codes.join('\n')}\n`;
  const href = `data:text/plain;charset=utf-8,${encodeURIComponent(text)}`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      toast.success('Backup codes copied');
    } catch {
      toast.error('Could not copy: select the codes, or download them');
    }
  };
  return (
    <div className="flex flex-wrap gap-2">
      <button type="button" className="btn btn-outline btn-sm" onClick={() => void copy()}>
        Copy codes
      </button>
      <a className="btn btn-outline btn-sm" href={href} download="bulkparts-backup-codes.txt">
        Download codes
      </a>
    </div>
  );
}

/** The QR code for the authenticator app; the qrcode package is only downloaded here. */
function TotpQrCode({ uri }: { uri: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode').then((QRCode) => QRCode.toDataURL(uri, { margin: 1, width: 200 })).then((url) => live && setSrc(url));
    return () => {
      live = false;
    };
  }, [uri]);
  if (!src) return <div className="skeleton h-[200px] w-[200px]" aria-hidden="true" />;
  return <img src={src} width={200} height={200} alt="QR code to scan with your authenticator app" />;
}

function PasswordPrompt({
  label,
  submitLabel,
  pending,
  error,
  onSubmit,
}: {
  label: string;
  submitLabel: string;
  pending: boolean;
  error: string | null;
  onSubmit: (password: string) => void;
}) {
  const { register, handleSubmit, control } = useForm<{ password: string }>({ defaultValues: { password: '' } });
  const password = useWatch({ control, name: 'password' });
  return (
    <form className="space-y-3" noValidate onSubmit={handleSubmit((values) => values.password && onSubmit(values.password))}>
      <TextField label={label} id="two-factor-password" type="password" autoComplete="current-password" registration={register('password')} />
      <button type="submit" className="btn btn-primary" disabled={pending || !password}>
        {submitLabel}
      </button>
      <FormError message={error} />
    </form>
  );
}

/**
 * Two-step sign-in settings: turn on with the password → scan the QR code (or type the key) →
 * confirm with a code → keep the backup codes; turn off with the password.
 */
export function TwoFactorSettings() {
  const session = useSession();
  const enable = useEnableTwoFactor();
  const disable = useDisableTwoFactor();
  const [enrolment, setEnrolment] = useState<TwoFactorEnrolment | null>(null);
  const [step, setStep] = useState<'idle' | 'password' | 'scan' | 'codes' | 'disable'>('idle');
  const [error, setError] = useState<string | null>(null);
  const enabled = Boolean(session.data?.user.twoFactorEnabled);
  const secret = enrolment ? new URL(enrolment.totpURI).searchParams.get('secret') : null;

  const start = (password: string) => {
    setError(null);
    enable.mutate(password, {
      onSuccess: (data) => {
        setEnrolment(data);
        setStep('scan');
      },
      onError: (err) => setError(authErrorMessage(err)),
    });
  };
  const turnOff = (password: string) => {
    setError(null);
    disable.mutate(password, {
      onSuccess: () => {
        setStep('idle');
        toast.success('Two-step sign-in is off');
      },
      onError: (err) => setError(authErrorMessage(err)),
    });
  };

  return (
    <section className="card bg-base-100 shadow" aria-labelledby="two-factor-title">
      <div className="card-body gap-4">
        <h2 id="two-factor-title" className="card-title">
          Two-step sign-in
        </h2>
        {step === 'scan' && enrolment ? (
          <div className="space-y-4">
            <p>1. Scan this QR code with an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password…).</p>
            <TotpQrCode uri={enrolment.totpURI} />
            <p>
              Cannot scan? Enter this key in the app:{' '}
              <code className="break-all rounded bg-base-200 px-1 font-mono" data-testid="totp-secret">
                {secret}
              </code>
            </p>
            <p>2. Enter the 6-digit code the app shows to finish.</p>
            <TotpCodeForm allowBackupCode={false} submitLabel="Turn on" onVerified={() => setStep('codes')} />
          </div>
        ) : step === 'codes' && enrolment ? (
          <div className="space-y-3">
            <p role="status" className="font-semibold">
              Two-step sign-in is on.
            </p>
            <p>Keep these backup codes somewhere safe. Each one signs you in once if you lose your phone.</p>
            <ul className="grid grid-cols-2 gap-2 font-mono" aria-label="Backup codes">
              {enrolment.backupCodes.map((c) => (
                <li key={c} className="rounded bg-base-200 px-2 py-1 text-center">
                  {c}
                </li>
              ))}
            </ul>
            <BackupCodeActions codes={enrolment.backupCodes} />
            <button type="button" className="btn" onClick={() => setStep('idle')}>
              I have saved them
            </button>
          </div>
        ) : enabled ? (
          <div className="space-y-3">
            <p>Two-step sign-in is on: after your password we ask for a code from your authenticator app.</p>
            {step === 'disable' ? (
              <PasswordPrompt label="Your password" submitLabel="Turn off two-step sign-in" pending={disable.isPending} error={error} onSubmit={turnOff} />
            ) : (
              <button type="button" className="btn btn-outline btn-error" onClick={() => setStep('disable')}>
                Turn off
              </button>
            )}
          </div>
        ) : (
          <div className="space-y-3">
            <p>Protect your account with a code from an authenticator app on your phone, asked after your password.</p>
            {step === 'password' ? (
              <PasswordPrompt label="Your password" submitLabel="Continue" pending={enable.isPending} error={error} onSubmit={start} />
            ) : (
              <button type="button" className="btn btn-primary" onClick={() => setStep('password')}>
                Turn on two-step sign-in
              </button>
            )}
          </div>
        )}
      </div>
    </section>
  );
}
