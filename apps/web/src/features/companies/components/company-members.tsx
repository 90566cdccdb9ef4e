import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { COMPANY_ROLE_LABELS, type Company, type Member } from '@bulkparts/shared';
import { formatDollars } from '@bulkparts/shared/money';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DataTable, type Column } from '@/components/ui/data-table';
import { LoadFailure } from '@/components/ui/load-failure';
import { withToast } from '@/lib/toast-action';
import { companyQueries } from '../api/company-queries';
import { useRemoveMember } from '../api/remove-member';
import { MemberEditDialog } from './member-edit-dialog';
import { SectionLoading } from './section-loading';

const who = (m: Member) => m.name || m.email;

/**
 * The company's members with their role and spending limit. A company admin edits a member (role,
 * limit) in a dialog and removes one after a question; everybody else reads the list.
 */
export function CompanyMembers({ company, myEmail }: { company: Company; myEmail: string }) {
  const members = useQuery(companyQueries.members(company.id));
  const remove = useRemoveMember();
  const [editing, setEditing] = useState<Member | null>(null);
  const [removing, setRemoving] = useState<Member | null>(null);
  const isAdmin = company.myRole === 'admin';
  const isSelf = (m: Member) => m.email.toLowerCase() === myEmail.toLowerCase();

  function confirmRemove(member: Member) {
    setRemoving(null);
    void withToast(
      () => remove.mutateAsync({ companyId: company.id, userId: member.userId }),
      `${who(member)} removed from the company`,
      'Could not remove the member',
    );
  }

  const columns: Column<Member>[] = [
    {
      header: 'Member',
      className: 'break-words',
      cell: (m) => (
        <>
          <span className="block font-semibold">
            {m.name || '—'}
            {isSelf(m) && <span className="font-normal"> (you)</span>}
          </span>
          <span className="block text-xs break-all">{m.email}</span>
        </>
      ),
    },
    { header: 'Role', cell: (m) => COMPANY_ROLE_LABELS[m.role] },
    { header: 'Spending limit', cell: (m) => (m.spendingLimit === null ? 'No limit' : `${formatDollars(m.spendingLimit)} per order`) },
  ];
  if (isAdmin) {
    columns.push({
      header: 'Actions',
      className: 'flex flex-wrap gap-2',
      cell: (m) => (
        <>
          <button type="button" className="btn btn-outline btn-sm" onClick={() => setEditing(m)}>
            Edit<span className="sr-only"> {who(m)}</span>
          </button>
          <button
            type="button"
            className="btn btn-outline btn-sm border-red-700 text-red-700"
            disabled={remove.isPending && remove.variables?.userId === m.userId}
            onClick={() => setRemoving(m)}
          >
            Remove<span className="sr-only"> {who(m)}</span>
          </button>
        </>
      ),
    });
  }

  return (
    <section aria-labelledby="members-title" className="space-y-3">
      <h2 id="members-title" className="text-xl font-semibold">
        Members
      </h2>
      {members.isPending ? (
        <SectionLoading label="Loading members" />
      ) : members.isError ? (
        <LoadFailure error={members.error} onRetry={members.refetch} />
      ) : (
        <DataTable rows={members.data} rowKey={(m) => m.userId} columns={columns} />
      )}
      {editing && <MemberEditDialog companyId={company.id} member={editing} isSelf={isSelf(editing)} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={removing !== null}
        message={
          removing ? `Remove ${who(removing)} from ${company.name}? They keep their account and their orders, but no longer buy for the company.` : undefined
        }
        confirmLabel="Yes, remove"
        cancelLabel="No, keep"
        onConfirm={() => removing && confirmRemove(removing)}
        onCancel={() => setRemoving(null)}
      />
    </section>
  );
}
