import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { ApiKey } from '@bulkparts/shared';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DataTable, type Column } from '@/components/ui/data-table';
import { LoadFailure } from '@/components/ui/load-failure';
import { withToast } from '@/lib/toast-action';
import { apiKeyQueries } from '../api/api-key-queries';
import { useRevokeApiKey } from '../api/revoke-api-key';

const when = (iso: string | null | undefined) => (iso ? new Date(iso).toLocaleString() : 'Never');

/** Every key: name, scopes, created, last used, status; an active one can be revoked (after a confirm). */
export function ApiKeyList() {
  const keys = useQuery(apiKeyQueries.list());
  const revoke = useRevokeApiKey();
  const [revoking, setRevoking] = useState<ApiKey | null>(null);

  function confirmRevoke(key: ApiKey) {
    setRevoking(null);
    void withToast(() => revoke.mutateAsync(key._id), `Key ‘${key.name}’ revoked`, 'Could not revoke the key');
  }

  const columns: Column<ApiKey>[] = [
    { header: 'Name', className: 'break-all', cell: (k) => k.name },
    { header: 'Scopes', cell: (k) => k.scopes.join(', ') },
    { header: 'Created', cell: (k) => when(k.createdAt) },
    { header: 'Last used', cell: (k) => when(k.lastUsedAt) },
    {
      header: 'Status',
      cell: (k) => (k.revokedAt ? <span className="badge badge-sm badge-ghost">Revoked</span> : <span className="badge badge-sm badge-success">Active</span>),
    },
    {
      header: 'Actions',
      cell: (k) =>
        k.revokedAt ? null : (
          <button
            type="button"
            className="btn btn-outline btn-sm border-red-700 text-red-700"
            disabled={revoke.isPending && revoke.variables === k._id}
            onClick={() => setRevoking(k)}
          >
            Revoke<span className="sr-only"> key {k.name}</span>
          </button>
        ),
    },
  ];

  if (keys.isPending) return <p aria-busy="true">Loading keys…</p>;
  if (keys.isError) return <LoadFailure error={keys.error} onRetry={keys.refetch} />;
  return (
    <>
      {keys.data.length === 0 ? (
        <p className="rounded-box bg-base-200 p-4">No API keys yet.</p>
      ) : (
        <DataTable rows={keys.data} rowKey={(k) => k._id} columns={columns} />
      )}
      <ConfirmDialog
        open={revoking !== null}
        message={revoking ? `Revoke the key ‘${revoking.name}’? Every system using it is refused at once.` : undefined}
        confirmLabel="Yes, revoke"
        cancelLabel="No, keep it"
        onConfirm={() => revoking && confirmRevoke(revoking)}
        onCancel={() => setRevoking(null)}
      />
    </>
  );
}
