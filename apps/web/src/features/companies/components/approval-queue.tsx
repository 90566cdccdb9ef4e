import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Order } from '@bulkparts/shared';
import { PagedList } from '@/components/ui/paged-list';
import { withToast } from '@/lib/toast-action';
import { useApproveOrder } from '../api/approve-order';
import { companyQueries } from '../api/company-queries';
import { CompanyOrderTable } from './company-order-table';
import { RejectOrderDialog } from './reject-order-dialog';

const PAGE_SIZE = 20;

/**
 * The company's orders awaiting approval, each with Approve and Reject (a reason is asked). Nobody
 * decides their own order: those rows say so instead (the server refuses it too).
 */
export function ApprovalQueue({ myEmail }: { myEmail: string }) {
  const [page, setPage] = useState(1);
  const orders = useQuery(companyQueries.orders({ status: 'awaiting_approval', page, limit: PAGE_SIZE }));
  const approve = useApproveOrder();
  const [rejecting, setRejecting] = useState<Order | null>(null);
  const isOwn = (o: Order) => o.userEmail.toLowerCase() === myEmail.toLowerCase();
  const busy = (o: Order) => approve.isPending && approve.variables === o._id;

  const actions = (o: Order) =>
    isOwn(o) ? (
      <span className="text-sm">Your own order: another approver decides.</span>
    ) : (
      <>
        <button
          type="button"
          className="btn btn-success btn-sm"
          disabled={busy(o)}
          onClick={() => void withToast(() => approve.mutateAsync(o._id), `Order ${o.orderNumber} approved`, 'Could not approve the order')}
        >
          {busy(o) ? 'Approving…' : 'Approve'}
          <span className="sr-only"> order {o.orderNumber}</span>
        </button>
        <button type="button" className="btn btn-outline btn-sm border-red-700 text-red-700" disabled={busy(o)} onClick={() => setRejecting(o)}>
          Reject<span className="sr-only"> order {o.orderNumber}</span>
        </button>
      </>
    );

  return (
    <section aria-labelledby="awaiting-title" className="space-y-3">
      <h2 id="awaiting-title" className="text-xl font-semibold">
        Awaiting approval
      </h2>
      <PagedList
        query={orders}
        loadingLabel="Loading orders awaiting approval"
        empty={<p className="rounded-box bg-base-200 p-6 text-center">No orders are waiting for approval.</p>}
        page={page}
        pageSize={PAGE_SIZE}
        onPage={setPage}
        pagesLabel="Pages of orders awaiting approval"
      >
        {(items) => <CompanyOrderTable orders={items} actions={actions} />}
      </PagedList>
      {rejecting && <RejectOrderDialog order={rejecting} onClose={() => setRejecting(null)} />}
    </section>
  );
}
