import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { RETURN_STATUS_LABELS, RETURN_STATUSES, type Return, type ReturnStatus } from '@bulkparts/shared';
import { OrderLink } from '@/components/ui/order-link';
import { PagedList } from '@/components/ui/paged-list';
import { withToast } from '@/lib/toast-action';
import { useApproveReturn, useRetryRefund } from '../api/return-mutations';
import { returnQueries } from '../api/return-queries';
import { ReceiveReturnForm } from './receive-return-form';
import { RejectReturnDialog } from './reject-return-dialog';
import { ReturnCard } from './return-card';

const PAGE_SIZE = 20;

function ReturnActions({ ret }: { ret: Return }) {
  const approve = useApproveReturn();
  const retry = useRetryRefund();
  const [rejecting, setRejecting] = useState(false);
  const [receiving, setReceiving] = useState(false);
  const name = <span className="sr-only"> {ret.rmaNumber}</span>;
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap gap-2">
        <OrderLink order={{ _id: ret.orderId, orderNumber: ret.orderNumber }} />
        {ret.status === 'requested' && (
          <>
            <button
              type="button"
              className="btn btn-success btn-xs"
              disabled={approve.isPending}
              onClick={() => void withToast(() => approve.mutateAsync(ret._id), `Return ${ret.rmaNumber} approved`, 'Could not approve the return')}
            >
              Approve{name}
            </button>
            <button type="button" className="btn btn-error btn-xs" onClick={() => setRejecting(true)}>
              Reject{name}
            </button>
          </>
        )}
        {ret.status === 'approved' && !receiving && (
          <button type="button" className="btn btn-primary btn-xs" onClick={() => setReceiving(true)}>
            Receive{name}
          </button>
        )}
        {ret.status === 'received' && ret.refundError && (
          <button
            type="button"
            className="btn btn-warning btn-xs"
            disabled={retry.isPending}
            onClick={() => void withToast(() => retry.mutateAsync(ret._id), `Refund of ${ret.rmaNumber} sent again`, 'Could not refund it')}
          >
            Refund again{name}
          </button>
        )}
      </div>
      {receiving && <ReceiveReturnForm ret={ret} onDone={() => setReceiving(false)} />}
      {rejecting && <RejectReturnDialog ret={ret} onClose={() => setRejecting(false)} />}
    </div>
  );
}

/** `/dashboard/returns` (shop admins, issue 31): every return by status (in the address), to approve, reject, receive and refund. */
export function ReturnsAdmin() {
  const [sp, setSp] = useSearchParams();
  const status = RETURN_STATUSES.find((s) => s === sp.get('status'));
  const page = Math.max(1, Number(sp.get('page')) || 1);
  const returns = useQuery(returnQueries.list({ status, page, limit: PAGE_SIZE }));
  const set = (next: { status?: ReturnStatus | undefined; page?: number }) => {
    const params = new URLSearchParams();
    const s = 'status' in next ? next.status : status;
    if (s) params.set('status', s);
    if (next.page && next.page > 1) params.set('page', String(next.page));
    setSp(params, { replace: true });
  };
  return (
    <section className="space-y-4">
      <h1 className="text-2xl font-bold">Returns</h1>
      <label className="flex items-center gap-2">
        <span>Status</span>
        <select
          className="select select-bordered select-sm"
          value={status ?? ''}
          onChange={(e) => set({ status: (e.target.value || undefined) as ReturnStatus | undefined })}
        >
          <option value="">All</option>
          {RETURN_STATUSES.map((s) => (
            <option key={s} value={s}>
              {RETURN_STATUS_LABELS[s]}
            </option>
          ))}
        </select>
      </label>
      <PagedList
        query={returns}
        loadingLabel="Loading returns"
        empty={<p>No returns{status ? ` ${RETURN_STATUS_LABELS[status].toLowerCase()}` : ''}.</p>}
        page={page}
        pageSize={PAGE_SIZE}
        onPage={(p) => set({ page: p })}
        pagesLabel="Return pages"
      >
        {(items) => (
          <ul className="space-y-3" aria-label="Returns">
            {items.map((r) => (
              <ReturnCard key={r._id} ret={r} heading="h2">
                <ReturnActions ret={r} />
              </ReturnCard>
            ))}
          </ul>
        )}
      </PagedList>
    </section>
  );
}
