import { useQuery } from '@tanstack/react-query';
import { formatNumber } from '@bulkparts/shared/money';
import { useState } from 'react';
import type { Webhook, WebhookDelivery, WebhookDeliveryStatus } from '@bulkparts/shared';
import { DataTable, type Column } from '@/components/ui/data-table';
import { PagedList } from '@/components/ui/paged-list';
import { withToast } from '@/lib/toast-action';
import { useResendDelivery } from '../api/resend-delivery';
import { webhookQueries } from '../api/webhook-queries';

const PAGE_SIZE = 20;

/** The word carries the meaning; each colour is a DaisyUI colour with its `-content` text (4.5:1). */
const STATUS: Record<WebhookDeliveryStatus, { label: string; className: string }> = {
  pending: { label: 'Pending', className: 'badge-warning' },
  succeeded: { label: 'Succeeded', className: 'badge-success' },
  failed: { label: 'Failed', className: 'badge-error' },
};

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '—');

export function DeliveryStatusBadge({ status }: { status: WebhookDeliveryStatus }) {
  return <span className={`badge badge-sm ${STATUS[status].className}`}>{STATUS[status].label}</span>;
}

/**
 * One endpoint's deliveries, newest first, a page at a time: event, status, attempts, the last
 * attempt's status code (or error) and duration, the next attempt; 'Resend' queues a new attempt now.
 */
export function WebhookDeliveries({ webhook }: { webhook: Webhook }) {
  const [page, setPage] = useState(1);
  const deliveries = useQuery(webhookQueries.deliveries(webhook._id, { page, limit: PAGE_SIZE }));
  const resend = useResendDelivery();
  const busy = (d: WebhookDelivery) => resend.isPending && resend.variables.deliveryId === d._id;

  const columns: Column<WebhookDelivery>[] = [
    { header: 'Event', cell: (d) => <code>{d.event}</code> },
    { header: 'Created', cell: (d) => when(d.createdAt) },
    { header: 'Status', cell: (d) => <DeliveryStatusBadge status={d.status} /> },
    { header: 'Attempts', cell: (d) => formatNumber(d.attempts) },
    {
      header: 'Last response',
      className: 'break-words',
      cell: (d) => (
        <>
          {d.lastStatusCode ?? '—'}
          {d.lastError && <span className="block text-sm text-base-content/70">{d.lastError}</span>}
        </>
      ),
    },
    { header: 'Duration', cell: (d) => (d.lastDurationMs === null ? '—' : `${d.lastDurationMs} ms`) },
    { header: 'Next attempt', cell: (d) => when(d.nextAttemptAt) },
    {
      header: 'Actions',
      cell: (d) => (
        <button
          type="button"
          className="btn btn-outline btn-sm"
          disabled={busy(d)}
          onClick={() =>
            void withToast(
              () => resend.mutateAsync({ webhookId: webhook._id, deliveryId: d._id }),
              `${d.event} queued to be sent again`,
              'Could not resend the delivery',
            )
          }
        >
          {busy(d) ? 'Resending…' : 'Resend'}
          <span className="sr-only">
            {' '}
            {d.event} of {when(d.createdAt)}
          </span>
        </button>
      ),
    },
  ];

  return (
    <PagedList
      query={deliveries}
      loadingLabel="Loading deliveries"
      empty={<p className="rounded-box bg-base-200 p-4">Nothing sent to this endpoint yet.</p>}
      page={page}
      pageSize={PAGE_SIZE}
      onPage={setPage}
      pagesLabel={`Pages of deliveries to ${webhook.url}`}
    >
      {(items) => <DataTable rows={items} rowKey={(d) => d._id} columns={columns} />}
    </PagedList>
  );
}
