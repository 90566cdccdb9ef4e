import { useState } from 'react';
import { toast } from 'react-toastify';
import type { User } from '@bulkparts/shared';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DataTable } from '@/components/ui/data-table';
import { PagedList, SearchField } from '@/components/ui/paged-list';
import { ApiClientError } from '@/lib/api-client';
import { withToast } from '@/lib/toast-action';
import { useUsers } from '../api/get-users';
import { usePromoteUser } from '../api/promote-user';
import { useRemoveUser } from '../api/remove-user';

const PAGE_SIZE = 20;

/** Make Admin: every user, promote customers, remove users (asks first). */
export function UserAdminTable() {
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [removing, setRemoving] = useState<User | null>(null);
  const users = useUsers({ q: q.trim() || undefined, page, limit: PAGE_SIZE });
  const promote = usePromoteUser();
  const remove = useRemoveUser();

  async function makeAdmin(user: User) {
    try {
      await promote.mutateAsync(user.email);
      toast.success('Successfully made an admin');
    } catch (err) {
      toast.error(
        err instanceof ApiClientError && err.status === 403 ? 'Failed to Make an admin' : err instanceof Error ? err.message : 'Failed to Make an admin',
      );
    }
  }

  async function confirmRemove() {
    const user = removing;
    setRemoving(null);
    if (!user) return;
    await withToast(() => remove.mutateAsync(user._id), 'Successfully Remove User', 'Could not remove the user');
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
                cell: (u) => (
                  <>
                    {u.role !== 'admin' && (
                      <button type="button" className="btn btn-xs btn-primary" onClick={() => void makeAdmin(u)} aria-label={`Make Admin: ${u.email}`}>
                        Make Admin
                      </button>
                    )}
                    <button type="button" className="btn btn-xs btn-error" onClick={() => setRemoving(u)} aria-label={`Remove ${u.email}`}>
                      Remove
                    </button>
                  </>
                ),
              },
            ]}
          />
        )}
      </PagedList>
      <ConfirmDialog
        open={removing !== null}
        message={removing ? `Remove ${removing.email}? Their orders stay for the books.` : undefined}
        onConfirm={() => void confirmRemove()}
        onCancel={() => setRemoving(null)}
      />
    </section>
  );
}
