import { lazy, Suspense } from 'react';
import { useSession } from '../api/auth-queries';

/** Loaded only for the few users who see it, so the home page does not pay for it. */
const ResendBanner = lazy(() => import('./resend-verification-banner'));

/** Signed-in users who have not confirmed their email see a banner with 'Resend'. */
export function VerifyEmailBanner() {
  const user = useSession().data?.user;
  if (!user || user.emailVerified) return null;
  return (
    <Suspense fallback={null}>
      <ResendBanner email={user.email} />
    </Suspense>
  );
}
