import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { toast } from 'react-toastify';
import { COMPANY_MESSAGES, COMPANY_ROLE_LABELS, type InvitationPreview, type InvitationStatus } from '@bulkparts/shared';
import { FormError } from '@/components/ui/form';
import { LoadFailure } from '@/components/ui/load-failure';
import { PageSpinner } from '@/components/ui/page-spinner';
import { useSession } from '@/features/auth/api/auth-queries';
import { useSignOut } from '@/features/auth/api/sign-out';
import { AuthCard } from '@/features/auth/components/auth-card';
import { useAcceptInvitation } from '@/features/companies/api/accept-invitation';
import { companyQueries } from '@/features/companies/api/company-queries';
import { ApiClientError, errorMessage } from '@/lib/api-client';

/** Why an invitation no longer works, in the server's own words. */
const CLOSED: Partial<Record<InvitationStatus, string>> = {
  accepted: COMPANY_MESSAGES.invitationUsed,
  expired: COMPANY_MESSAGES.invitationExpired,
  revoked: COMPANY_MESSAGES.invitationRevoked,
};

/** An open invitation past its date is expired, whatever the answer said when it loaded. */
const statusOf = (i: InvitationPreview): InvitationStatus => (i.status === 'open' && Date.parse(i.expiresAt) <= Date.now() ? 'expired' : i.status);

function Summary({ invitation }: { invitation: InvitationPreview }) {
  return (
    <dl className="space-y-1">
      <div className="flex flex-wrap justify-between gap-x-3">
        <dt className="font-semibold">Company</dt>
        <dd className="break-words">{invitation.companyName}</dd>
      </div>
      <div className="flex flex-wrap justify-between gap-x-3">
        <dt className="font-semibold">Role</dt>
        <dd>{COMPANY_ROLE_LABELS[invitation.role]}</dd>
      </div>
      <div className="flex flex-wrap justify-between gap-x-3">
        <dt className="font-semibold">For</dt>
        <dd className="break-all">{invitation.email}</dd>
      </div>
    </dl>
  );
}

/**
 * `/invitations/:token`, where the mailed link lands (public): the company, the role and the invited
 * address. Signed in with that address: 'Accept invitation' makes the user a member and opens the
 * company page. Signed out: sign in or sign up, both coming back here. Signed in as somebody else:
 * sign out first. A used, expired or revoked invitation says so.
 */
export function Component() {
  const { token = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const session = useSession();
  const preview = useQuery(companyQueries.invitation(token));
  const accept = useAcceptInvitation();
  const signOut = useSignOut();
  const [failure, setFailure] = useState<string | null>(null);

  if (preview.isPending || session.isPending) return <PageSpinner label="Loading the invitation" />;
  if (preview.isError) {
    if (preview.error instanceof ApiClientError && preview.error.status === 404) {
      return (
        <AuthCard title="Invitation not found">
          <p role="alert">This invitation link is not valid. Check that you opened the whole link from the mail, or ask for a new invitation.</p>
          <Link to="/" className="btn w-full">
            Go to the shop
          </Link>
        </AuthCard>
      );
    }
    return (
      <div className="mx-auto max-w-xl p-4">
        <LoadFailure error={preview.error} onRetry={preview.refetch} />
      </div>
    );
  }

  const invitation = preview.data;
  const closed = CLOSED[statusOf(invitation)];
  const user = session.data?.user;
  const here = { from: { pathname: location.pathname, search: location.search } };
  const sameEmail = user?.email.toLowerCase() === invitation.email.toLowerCase();

  async function onAccept() {
    setFailure(null);
    try {
      const company = await accept.mutateAsync(token);
      toast.success(`Welcome to ${company.name}`);
      navigate('/dashboard/company');
    } catch (err) {
      setFailure(errorMessage(err, 'Could not accept the invitation. Please try again.'));
    }
  }

  return (
    <AuthCard title={`Join ${invitation.companyName}`}>
      <p>You are invited to buy for {invitation.companyName} at bulkparts.</p>
      <Summary invitation={invitation} />
      {closed ? (
        <>
          <p role="alert" className="rounded-box bg-base-200 p-3 font-medium">
            {closed}. Ask a company admin of {invitation.companyName} for a new invitation.
          </p>
          <Link to={user ? '/dashboard/company' : '/'} className="btn w-full">
            {user ? 'Your company page' : 'Go to the shop'}
          </Link>
        </>
      ) : !user ? (
        <>
          <p>
            Sign in as <strong className="break-all">{invitation.email}</strong> to accept. New to bulkparts? Create an account with that address, confirm it,
            and sign in: you come back here.
          </p>
          <Link to="/login" state={here} className="btn btn-primary w-full">
            Sign in to accept
          </Link>
          <Link to={`/signup?${new URLSearchParams({ email: invitation.email })}`} state={here} className="btn btn-outline w-full">
            Create an account
          </Link>
        </>
      ) : !sameEmail ? (
        <>
          <p role="alert">
            {COMPANY_MESSAGES.invitationOtherEmail} ({invitation.email}). You are signed in as <span className="break-all">{user.email}</span>.
          </p>
          <button type="button" className="btn btn-outline w-full" disabled={signOut.isPending} onClick={() => signOut.mutate()}>
            Sign out
          </button>
        </>
      ) : (
        <>
          <p className="text-sm">The invitation works once, until {new Date(invitation.expiresAt).toLocaleDateString()}.</p>
          <button type="button" className="btn btn-primary w-full" disabled={accept.isPending} onClick={() => void onAccept()}>
            {accept.isPending ? 'Accepting…' : 'Accept invitation'}
          </button>
          <FormError message={failure} variant="panel" />
        </>
      )}
    </AuthCard>
  );
}
