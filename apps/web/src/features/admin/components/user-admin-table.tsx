import { useState } from 'react';
import { toast } from 'react-toastify';
import type { User } from '@bulkparts/shared';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { PagedList, SearchField } from '@/components/ui/paged-list';
import { ApiClientError } from '@/lib/api-client';
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
    try {
      await remove.mutateAsync(user._id);
      toast.success('Successfully Remove User');
    } catch (err) {
      toast.error(err instanceof ApiClientError ? err.message : 'Could not remove the user');
    }
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
          <div className="overflow-x-auto">
            <table className="table table-sm">
              <thead>
                <tr>
                  <th scope="col">Email</th>
                  <th scope="col">Name</th>
                  <th scope="col">Role</th>
                  <th scope="col">Verified</th>
                  <th scope="col">Joined</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {items.map((u) => (
                  <tr key={u._id}>
                    <td className="break-all">{u.email}</td>
                    <td>{u.name}</td>
                    <td>{u.role === 'admin' ? <span className="badge badge-primary badge-sm">admin</span> : 'customer'}</td>
                    <td>{u.emailVerified ? 'Yes' : 'No'}</td>
                    <td>{new Date(u.createdAt).toLocaleDateString()}</td>
                    <td className="flex flex-wrap gap-1">
                      {u.role !== 'admin' && (
                        <button type="button" className="btn btn-xs btn-primary" onClick={() => void makeAdmin(u)} aria-label={`Make Admin: ${u.email}`}>
                          Make Admin
                        </button>
                      )}
                      <button type="button" className="btn btn-xs btn-error" onClick={() => setRemoving(u)} aria-label={`Remove ${u.email}`}>
                        Remove
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
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
