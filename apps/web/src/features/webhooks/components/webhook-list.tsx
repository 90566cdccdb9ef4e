import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'react-toastify';
import type { Webhook } from '@bulkparts/shared';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DataTable, type Column } from '@/components/ui/data-table';
import { LoadFailure } from '@/components/ui/load-failure';
import { PageSpinner } from '@/components/ui/page-spinner';
import { withToast } from '@/lib/toast-action';
import { useDeleteWebhook } from '../api/delete-webhook';
import { useUpdateWebhook } from '../api/update-webhook';
import { webhookQueries } from '../api/webhook-queries';
import { WebhookEventsDialog } from './webhook-events-dialog';

const when = (iso: string) => new Date(iso).toLocaleString();

/**
 * Every endpoint: URL, events, an Active switch (a paused endpoint is sent nothing), and its
 * actions: show its deliveries (`onShowDeliveries`), edit its events, delete it (after a confirm).
 */
export function WebhookList({
  shownId,
  onShowDeliveries,
  deliveriesId,
}: {
  /** The endpoint whose deliveries are shown, if any. */
  shownId: string | null;
  onShowDeliveries: (webhook: Webhook | null) => void;
  /** The id of the deliveries section, which the Deliveries buttons control. */
  deliveriesId: string;
}) {
  const webhooks = useQuery(webhookQueries.list());
  const update = useUpdateWebhook();
  const remove = useDeleteWebhook();
  const [editing, setEditing] = useState<Webhook | null>(null);
  const [deleting, setDeleting] = useState<Webhook | null>(null);
  const switching = (w: Webhook) => update.isPending && update.variables.id === w._id && update.variables.changes.active !== undefined;

  function setActive(w: Webhook, active: boolean) {
    void withToast(
      () => update.mutateAsync({ id: w._id, changes: { active } }),
      active ? `Events are sent to ${w.url} again` : `Events to ${w.url} are paused`,
      'Could not change the endpoint',
    );
  }

  function confirmDelete(w: Webhook) {
    setDeleting(null);
    if (shownId === w._id) onShowDeliveries(null);
    void withToast(() => remove.mutateAsync(w._id), `Endpoint ${w.url} deleted`, 'Could not delete the endpoint');
  }

  const columns: Column<Webhook>[] = [
    { header: 'URL', className: 'break-all', cell: (w) => w.url },
    { header: 'Events', cell: (w) => <span className="text-sm">{w.events.join(', ')}</span> },
    {
      header: 'Active',
      cell: (w) => (
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            role="switch"
            className="toggle toggle-sm toggle-success"
            aria-label={`Send events to ${w.url}`}
            checked={switching(w) ? Boolean(update.variables?.changes.active) : w.active}
            disabled={switching(w)}
            onChange={(e) => setActive(w, e.target.checked)}
          />
          <span aria-hidden="true">{(switching(w) ? update.variables?.changes.active : w.active) ? 'Active' : 'Paused'}</span>
        </label>
      ),
    },
    { header: 'Created', cell: (w) => when(w.createdAt) },
    {
      header: 'Actions',
      className: 'flex flex-wrap gap-2',
      cell: (w) => (
        <>
          <button
            type="button"
            className="btn btn-outline btn-sm"
            aria-expanded={shownId === w._id}
            aria-controls={shownId === w._id ? deliveriesId : undefined}
            onClick={() => onShowDeliveries(shownId === w._id ? null : w)}
          >
            {shownId === w._id ? 'Hide deliveries' : 'Deliveries'}
            <span className="sr-only"> to {w.url}</span>
          </button>
          <button type="button" className="btn btn-outline btn-sm" onClick={() => setEditing(w)}>
            Edit events<span className="sr-only"> of {w.url}</span>
          </button>
          <button
            type="button"
            className="btn btn-outline btn-sm border-red-700 text-red-700"
            disabled={remove.isPending && remove.variables === w._id}
            onClick={() => setDeleting(w)}
          >
            Delete<span className="sr-only"> endpoint {w.url}</span>
          </button>
        </>
      ),
    },
  ];

  if (webhooks.isPending) return <PageSpinner label="Loading webhook endpoints" />;
  if (webhooks.isError) return <LoadFailure error={webhooks.error} onRetry={webhooks.refetch} />;
  return (
    <>
      {webhooks.data.length === 0 ? (
        <p className="rounded-box bg-base-200 p-4">No endpoints yet: add one above to be told about orders, stock and quotes.</p>
      ) : (
        <DataTable rows={webhooks.data} rowKey={(w) => w._id} columns={columns} />
      )}
      {editing && (
        <WebhookEventsDialog
          webhook={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            toast.success(`Events of ${editing.url} saved`);
            setEditing(null);
          }}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        message={deleting ? `Delete the endpoint ${deleting.url}? No more events are sent to it and its delivery history is deleted.` : undefined}
        confirmLabel="Yes, delete"
        cancelLabel="No, keep it"
        onConfirm={() => deleting && confirmDelete(deleting)}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
