import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { COMPANY_ROLE_LABELS, type Invitation, type InvitationStatus } from '@bulkparts/shared';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DataTable, type Column } from '@/components/ui/data-table';
import { LoadFailure } from '@/components/ui/load-failure';
import { withToast } from '@/lib/toast-action';
import { companyQueries } from '../api/company-queries';
import { useRevokeInvitation } from '../api/revoke-invitation';
import { SectionLoading } from './section-loading';

export const INVITATION_STATUS_LABEL: Record<InvitationStatus, string> = { open: 'Open', accepted: 'Accepted', expired: 'Expired', revoked: 'Revoked' };
const STATUS_CLASS: Record<InvitationStatus, string> = { open: 'badge-info', accepted: 'badge-success', expired: 'badge-ghost', revoked: 'badge-ghost' };

/** An open invitation past its date reads expired, whatever the list said when it loaded. */
const statusOf = (i: Invitation): InvitationStatus => (i.status === 'open' && Date.parse(i.expiresAt) <= Date.now() ? 'expired' : i.status);

/** The company's invitations (company admins): who, which role, their status and date; an open one can be revoked. */
export function InvitationList({ companyId }: { companyId: string }) {
  const invitations = useQuery(companyQueries.invitations(companyId));
  const revoke = useRevokeInvitation();
  const [revoking, setRevoking] = useState<Invitation | null>(null);

  function confirmRevoke(invitation: Invitation) {
    setRevoking(null);
    void withToast(
      () => revoke.mutateAsync({ companyId, invitationId: invitation.id }),
      `Invitation for ${invitation.email} revoked`,
      'Could not revoke the invitation',
    );
  }

  const columns: Column<Invitation>[] = [
    { header: 'Email', className: 'break-all', cell: (i) => i.email },
    { header: 'Role', cell: (i) => COMPANY_ROLE_LABELS[i.role] },
    {
      header: 'Status',
      cell: (i) => <span className={`badge badge-sm ${STATUS_CLASS[statusOf(i)]}`}>{INVITATION_STATUS_LABEL[statusOf(i)]}</span>,
    },
    {
      header: 'Expires',
      cell: (i) => (statusOf(i) === 'open' ? new Date(i.expiresAt).toLocaleDateString() : '—'),
    },
    {
      header: 'Actions',
      cell: (i) =>
        statusOf(i) === 'open' ? (
          <button
            type="button"
            className="btn btn-outline btn-sm"
            disabled={revoke.isPending && revoke.variables?.invitationId === i.id}
            onClick={() => setRevoking(i)}
          >
            Revoke<span className="sr-only"> invitation for {i.email}</span>
          </button>
        ) : null,
    },
  ];

  if (invitations.isPending) return <SectionLoading label="Loading invitations" />;
  if (invitations.isError) return <LoadFailure error={invitations.error} onRetry={invitations.refetch} />;
  return (
    <>
      {invitations.data.length === 0 ? (
        <p className="rounded-box bg-base-200 p-4">No invitations yet.</p>
      ) : (
        <DataTable rows={invitations.data} rowKey={(i) => i.id} columns={columns} />
      )}
      <ConfirmDialog
        open={revoking !== null}
        message={revoking ? `Revoke the invitation for ${revoking.email}? Its link stops working.` : undefined}
        confirmLabel="Yes, revoke"
        cancelLabel="No, keep it"
        onConfirm={() => revoking && confirmRevoke(revoking)}
        onCancel={() => setRevoking(null)}
      />
    </>
  );
}
