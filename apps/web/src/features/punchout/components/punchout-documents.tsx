import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type { PunchoutDocument } from '@bulkparts/shared';
import { useModal } from '@/components/ui/confirm-dialog';
import { DataTable, type Column } from '@/components/ui/data-table';
import { LoadFailure } from '@/components/ui/load-failure';
import { PagedList } from '@/components/ui/paged-list';
import { PageSpinner } from '@/components/ui/page-spinner';
import { punchoutQueries, type DocumentListParams } from '../api/punchout-queries';

const PAGE_SIZE = 25;

/** A status as a word and a colour (the word carries the meaning; DaisyUI colours with their `-content` text). */
function StatusBadge({ code }: { code: number | null }) {
  if (code === null) return <span className="badge badge-sm badge-ghost">Sent</span>;
  const failed = code >= 400;
  return <span className={`badge badge-sm ${failed ? 'badge-error' : 'badge-success'}`}>{code}</span>;
}

/** One document's text (90 days), in a dialog. */
function DocumentDialog({ id, onClose }: { id: string | null; onClose: () => void }) {
  const ref = useModal(id !== null);
  const doc = useQuery({ ...punchoutQueries.document(id ?? ''), enabled: id !== null });
  let body;
  if (!id) body = null;
  else if (doc.isPending) body = <PageSpinner label="Loading the document" />;
  else if (doc.isError) body = <LoadFailure error={doc.error} onRetry={doc.refetch} />;
  else
    body = (
      <>
        <p className="text-sm">
          {doc.data.direction === 'in' ? 'Received' : 'Sent'} {new Date(doc.data.createdAt).toLocaleString()} · {doc.data.protocol.toUpperCase()}{' '}
          {doc.data.type}
          {doc.data.payloadId && (
            <>
              {' '}
              · payload <code className="break-all">{doc.data.payloadId}</code>
            </>
          )}
        </p>
        {doc.data.message && <p className="text-sm">{doc.data.message}</p>}
        {doc.data.body === null ? (
          <p className="text-sm text-base-content/70">The text is no longer kept (after 90 days), or was never read (too large).</p>
        ) : (
          <pre className="max-h-96 overflow-auto rounded-box bg-base-200 p-3 text-xs whitespace-pre-wrap break-all" tabIndex={0} aria-label="Document text">
            {doc.data.body}
          </pre>
        )}
      </>
    );
  return (
    <dialog ref={ref} className="modal" aria-labelledby="punchout-document-title" onClose={onClose}>
      <div className="modal-box max-w-3xl space-y-3">
        <h2 id="punchout-document-title" className="text-lg font-bold">
          Punchout document
        </h2>
        {body}
        <div className="modal-action">
          <button type="button" className="btn" onClick={onClose}>
            Close
          </button>
        </div>
      </div>
    </dialog>
  );
}

/**
 * `/dashboard/punchout` (shop admins, issue 32): every punchout document in and out, newest first:
 * direction, protocol, type, company, payload id, status and why, with its text for 90 days, so
 * a failed punchout can be explained to the customer. Filters: refusals only, direction.
 */
export function PunchoutDocuments() {
  const [page, setPage] = useState(1);
  const [failed, setFailed] = useState(false);
  const [direction, setDirection] = useState<'' | 'in' | 'out'>('');
  const [open, setOpen] = useState<string | null>(null);
  const params: DocumentListParams = { page, limit: PAGE_SIZE, ...(failed ? { failed: 'true' } : {}), ...(direction ? { direction } : {}) };
  const documents = useQuery(punchoutQueries.documents(params));

  const columns: Column<PunchoutDocument>[] = [
    { header: 'When', cell: (d) => new Date(d.createdAt).toLocaleString() },
    { header: 'Direction', cell: (d) => (d.direction === 'in' ? 'In' : 'Out') },
    { header: 'Document', cell: (d) => `${d.protocol.toUpperCase()} ${d.type}` },
    {
      header: 'Company',
      className: 'break-words',
      cell: (d) => (d.companyId ? <Link to={`/dashboard/companies/${d.companyId}/punchout`}>{d.companyName ?? d.companyId}</Link> : 'Unknown'),
    },
    { header: 'Status', cell: (d) => <StatusBadge code={d.statusCode} /> },
    {
      header: 'Message',
      className: 'break-words',
      cell: (d) => (
        <>
          {d.message ?? '—'}
          {d.orderId && (
            <Link to={`/dashboard/orders/${d.orderId}`} className="link block">
              Open the order
            </Link>
          )}
        </>
      ),
    },
    {
      header: 'Text',
      cell: (d) => (
        <button type="button" className="btn btn-outline btn-xs" onClick={() => setOpen(d.id)}>
          View
          <span className="sr-only">
            {' '}
            the {d.type} of {new Date(d.createdAt).toLocaleString()}
          </span>
        </button>
      ),
    },
  ];

  return (
    <section className="space-y-4">
      <div className="flex flex-wrap items-end gap-4">
        <label className="label cursor-pointer gap-2">
          <input type="checkbox" className="checkbox" checked={failed} onChange={(e) => (setFailed(e.target.checked), setPage(1))} />
          <span>Refusals only</span>
        </label>
        <label className="flex flex-col gap-1 text-sm">
          <span>Direction</span>
          <select
            className="select select-bordered select-sm"
            value={direction}
            onChange={(e) => (setDirection(e.target.value as '' | 'in' | 'out'), setPage(1))}
          >
            <option value="">In and out</option>
            <option value="in">In (from procurement systems)</option>
            <option value="out">Out (to procurement systems)</option>
          </select>
        </label>
      </div>
      <PagedList
        query={documents}
        loadingLabel="Loading punchout documents"
        empty={<p>{failed || direction ? 'No document matches these filters.' : 'No punchout document yet.'}</p>}
        page={page}
        pageSize={PAGE_SIZE}
        onPage={setPage}
        pagesLabel="Punchout log pages"
      >
        {(items) => <DataTable rows={items} rowKey={(d) => d.id} columns={columns} />}
      </PagedList>
      <DocumentDialog id={open} onClose={() => setOpen(null)} />
    </section>
  );
}
