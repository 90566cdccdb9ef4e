import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'react-toastify';
import type { User } from '@bulkparts/shared';
import { MESSAGES } from '@bulkparts/shared/messages';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DataTable } from '@/components/ui/data-table';
import { PagedList } from '@/components/ui/paged-list';
import { SearchField } from '@/components/ui/search-field';
import { ApiClientError } from '@/lib/api-client';
import { withToast } from '@/lib/toast-action';
import { useSession } from '@/features/auth/api/auth-queries';
import { useDemoteUser } from '../api/demote-user';
import { adminQueries } from '../api/admin-queries';
import { usePromoteUser } from '../api/promote-user';
import { useRemoveUser } from '../api/remove-user';

const PAGE_SIZE = 20;

type PendingAction = { kind: 'promote' | 'demote' | 'remove'; user: User };

/** What the 'Are you sure?' dialog says before each action: all three change who may do what. */
const QUESTIONS: Record<PendingAction['kind'], (u: User) => string> = {
  promote: (u) => `Make ${u.email} an admin? Admins can change products, orders and other users.`,
  demote: (u) => `Remove admin rights from ${u.email}? They become a customer at once.`,
  remove: (u) => `Remove ${u.email}? Their orders stay for the books.`,
};

/** The row's buttons: what they say and how loud they are. */
const ACTIONS: Record<PendingAction['kind'], { label: string; className: string; ariaLabel: (email: string) => string }> = {
  promote: { label: 'Make Admin', className: 'btn-primary', ariaLabel: (email) => `Make Admin: ${email}` },
  demote: { label: 'Remove admin', className: '', ariaLabel: (email) => `Remove admin: ${email}` },
  remove: { label: 'Remove', className: 'btn-error', ariaLabel: (email) => `Remove ${email}` },
};

/** Make Admin: every user; promote customers, take admin rights back, remove users (each asks first; never on one's own row). */
export function UserAdminTable() {
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [pending, setPending] = useState<PendingAction | null>(null);
  const users = useQuery(adminQueries.userList({ q: q.trim() || undefined, page, limit: PAGE_SIZE }));
  const me = useSession().data?.user;
  const promote = usePromoteUser();
  const demote = useDemoteUser();
  const remove = useRemoveUser();

  async function makeAdmin(user: User) {
    try {
      await promote.mutateAsync(user.email);
      toast.success(MESSAGES.makeAdminSuccess);
    } catch (err) {
      toast.error(
        err instanceof ApiClientError && err.status === 403 ? MESSAGES.makeAdminFailure : err instanceof Error ? err.message : MESSAGES.makeAdminFailure,
      );
    }
  }

  async function confirm() {
    const action = pending;
    setPending(null);
    if (!action) return;
    const { kind, user } = action;
    if (kind === 'promote') await makeAdmin(user);
    else if (kind === 'demote') await withToast(() => demote.mutateAsync(user.email), `${user.email} is a customer now`, 'Could not remove the admin rights');
    else await withToast(() => remove.mutateAsync(user._id), MESSAGES.removeUserSuccess, 'Could not remove the user');
  }

  return (
    <section className="space-y-4">
      <h1 className="text-2xl font-bold">Make Admin</h1>
      <SearchField label="Search users" placeholder="Search by email or name" className="max-w-sm" value={q} onChange={(v) => (setQ(v), setPage(1))} />
      <PagedList
        query={users}
        loadingLabel="Loading users"
        empty={<p>No users found.</p>}
        page={page}
        pageSize={PAGE_SIZE}
        onPage={setPage}
        pagesLabel="User pages"
      >
        {(items) => (
          <DataTable
            rows={items}
            rowKey={(u) => u._id}
            columns={[
              { header: 'Email', className: 'break-all', cell: (u) => u.email },
              { header: 'Name', cell: (u) => u.name },
              { header: 'Role', cell: (u) => (u.role === 'admin' ? <span className="badge badge-primary badge-sm">admin</span> : 'customer') },
              { header: 'Verified', cell: (u) => (u.emailVerified ? 'Yes' : 'No') },
              { header: 'Joined', cell: (u) => new Date(u.createdAt).toLocaleDateString() },
              {
                header: 'Actions',
                className: 'flex flex-wrap gap-1',
                // No actions on one's own row: the server refuses them (an admin cannot lock themself out).
                cell: (u) =>
                  u._id === me?.id ? (
                    <span className="text-sm opacity-70">(you)</span>
                  ) : (
                    (u.role === 'admin' ? (['demote', 'remove'] as const) : (['promote', 'remove'] as const)).map((kind) => (
                      <button
                        key={kind}
                        type="button"
                        className={`btn btn-xs ${ACTIONS[kind].className}`}
                        onClick={() => setPending({ kind, user: u })}
                        aria-label={ACTIONS[kind].ariaLabel(u.email)}
                      >
                        {ACTIONS[kind].label}
                      </button>
                    ))
                  ),
              },
            ]}
          />
        )}
      </PagedList>
      <ConfirmDialog
        open={pending !== null}
        message={pending ? QUESTIONS[pending.kind](pending.user) : undefined}
        onConfirm={() => void confirm()}
        onCancel={() => setPending(null)}
      />
    </section>
  );
}
