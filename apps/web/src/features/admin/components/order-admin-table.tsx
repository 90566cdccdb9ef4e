import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ORDER_STATUSES, ORDER_TRANSITIONS, type Order, type OrderStatus, type ShipmentForm } from '@bulkparts/shared';
import { formatDollars } from '@bulkparts/shared/money';
import { formatQuantity } from '@bulkparts/shared/quantity';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DataTable } from '@/components/ui/data-table';
import { isMultiLine, lineCountText, orderTitle } from '@/components/ui/order-contents';
import { OrderLines } from '@/components/ui/order-lines';
import { ORDER_STATUS_LABEL, OrderStatusBadge } from '@/components/ui/order-status-badge';
import { PagedList } from '@/components/ui/paged-list';
import { SearchField } from '@/components/ui/search-field';
import { withToast } from '@/lib/toast-action';
import { useChangeOrderStatus } from '../api/change-order-status';
import { ordersCsvUrl } from '../api/export-orders-csv';
import { adminQueries } from '../api/admin-queries';
import { MarkPaidDialog } from './mark-paid-dialog';
import { ShipOrderDialog } from './ship-order-dialog';
import { OrderLink } from '@/components/ui/order-link';

const PAGE_SIZE = 20;

/** Moves an admin makes (paying is the buyer's; the spec calls the move for a paid one 'shipped'); destructive ones ask first. */
const ACTIONS: Partial<Record<OrderStatus, { label: string; className: string; confirm?: string }>> = {
  // Issue 31: ships every piece left in one shipment; some lines ship from the order's page.
  shipped: { label: 'shipped', className: 'btn-primary' },
  delivered: { label: 'Mark delivered', className: 'btn-success' },
  cancelled: { label: 'Cancel', className: 'btn-error', confirm: 'Cancel this unpaid order? Its pieces go back into stock.' },
  refunded: { label: 'Refund', className: 'btn-error', confirm: 'Refund this paid order? The buyer gets the money back.' },
};

/**
 * Manage All Order. Search, status, overdue and page live in the address (issue 33: the operator's
 * inbox links here with `?status=paid`, `?status=awaiting_approval`, `?overdue=true`), so a link
 * or a reload shows the same list.
 */
export function OrderAdminTable() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const asked = params.get('status') ?? '';
  const status = (ORDER_STATUSES as readonly string[]).includes(asked) ? (asked as OrderStatus) : '';
  const overdue = params.get('overdue') === 'true';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const go = (next: { q?: string; status?: OrderStatus | ''; overdue?: boolean; page?: number }) => {
    const v = { q, status, overdue, page: 1, ...next };
    const sp: Record<string, string> = {};
    if (v.q) sp.q = v.q;
    if (v.status) sp.status = v.status;
    if (v.overdue) sp.overdue = 'true';
    if (v.page > 1) sp.page = String(v.page);
    setParams(sp, { replace: true });
  };
  const setQ = (value: string) => go({ q: value });
  const setPage = (value: number) => go({ page: value });
  const [pending, setPending] = useState<{ order: Order; to: OrderStatus } | null>(null);
  const [shipping, setShipping] = useState<Order | null>(null);
  const [markingPaid, setMarkingPaid] = useState<Order | null>(null);
  const filter = { q: q.trim() || undefined, status: (!overdue && status) || undefined };
  // Overdue invoices (issue 18) are a status of their own reading: invoiced and past the due date.
  const orders = useQuery(adminQueries.orderList({ ...filter, overdue: overdue || undefined, page, limit: PAGE_SIZE }));
  // The moment the page opened: an invoice due since then reads overdue on the next visit.
  const [now] = useState(() => Date.now());
  const change = useChangeOrderStatus();

  async function move(order: Order, to: OrderStatus, shipment?: ShipmentForm) {
    const details = shipment ? { carrier: shipment.carrier || undefined, trackingNumber: shipment.trackingNumber || undefined } : {};
    await withToast(
      () => change.mutateAsync({ id: order._id, status: to, ...details }),
      `Order ${ORDER_STATUS_LABEL[to].toLowerCase()}`,
      'Could not change the order',
    );
  }

  function request(order: Order, to: OrderStatus) {
    if (to === 'shipped') setShipping(order);
    else if (ACTIONS[to]?.confirm) setPending({ order, to });
    else void move(order, to);
  }

  return (
    <section className="space-y-4">
      <h1 className="text-2xl font-bold">Manage All Order</h1>
      <div className="flex flex-wrap items-end gap-3">
        <SearchField label="Search orders" placeholder="Buyer email or product" className="max-w-xs" value={q} onChange={setQ} />
        <label className="flex items-center gap-2">
          <span>Status</span>
          <select
            className="select select-bordered select-sm"
            value={overdue ? 'invoiced' : status}
            disabled={overdue}
            onChange={(e) => go({ status: e.target.value as OrderStatus | '' })}
          >
            <option value="">All</option>
            {ORDER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {ORDER_STATUS_LABEL[s]}
              </option>
            ))}
          </select>
        </label>
        <label className="flex items-center gap-2">
          <input type="checkbox" className="checkbox checkbox-sm" checked={overdue} onChange={(e) => go({ overdue: e.target.checked })} />
          <span>Overdue invoices only</span>
        </label>
        <a className="btn btn-outline btn-sm" href={ordersCsvUrl(filter)} download>
          Export CSV
        </a>
      </div>
      <PagedList
        query={orders}
        loadingLabel="Loading orders"
        empty={<p>{overdue ? 'No invoice is overdue.' : 'No orders found.'}</p>}
        page={page}
        pageSize={PAGE_SIZE}
        onPage={setPage}
        pagesLabel="Order pages"
      >
        {(items) => (
          <DataTable
            rows={items}
            rowKey={(o) => o._id}
            columns={[
              {
                header: 'Order',
                cell: (o) => (
                  <>
                    <OrderLink order={o} />
                    {o.poNumber && <span className="block text-xs break-all">PO {o.poNumber}</span>}
                    {/* Issue 32: a punchout line sent at another price than the shop's (placed at the shop's). */}
                    {o.reviewNote && (
                      <span className="mt-1 block text-xs break-words">
                        <span className="badge badge-sm badge-warning">Check</span> {o.reviewNote}
                      </span>
                    )}
                  </>
                ),
              },
              { header: 'Buyer', className: 'break-all', cell: (o) => o.userEmail },
              {
                header: 'Product',
                cell: (o) => (
                  <>
                    {orderTitle(o)}
                    <OrderLines lines={o.lines} orderLabel={o.orderNumber} />
                  </>
                ),
              },
              // A multi-line order's pieces are of different parts: its line count, not their sum.
              { header: 'Quantity', cell: (o) => (isMultiLine(o) ? lineCountText(o.lines.length) : formatQuantity(o.quantity)) },
              { header: 'Total', cell: (o) => formatDollars(o.total) },
              { header: 'Paid', cell: (o) => (o.paid ? 'Yes' : 'No') },
              {
                header: 'Status',
                cell: (o) => (
                  <>
                    <OrderStatusBadge status={o.status} small />
                    {(o.carrier || o.trackingNumber) && (
                      <span className="block text-xs text-base-content/70 break-all">{[o.carrier, o.trackingNumber].filter(Boolean).join(' · ')}</span>
                    )}
                    {o.paymentMethod === 'account' && !o.paid && o.dueDate && (
                      <span className={`block text-xs ${Date.parse(o.dueDate) < now ? 'font-semibold text-red-700' : 'text-base-content/70'}`}>
                        {Date.parse(o.dueDate) < now ? 'Overdue since' : 'Due'} {new Date(o.dueDate).toLocaleDateString()}
                      </span>
                    )}
                    {o.status === 'paid' && o.paymentMethod === 'account' && o.paymentReference && (
                      <span className="block text-xs text-base-content/70 break-all">Ref. {o.paymentReference}</span>
                    )}
                  </>
                ),
              },
              { header: 'Date', cell: (o) => new Date(o.createdAt).toLocaleDateString() },
              {
                header: 'Actions',
                className: 'flex flex-wrap gap-1',
                cell: (o) => (
                  <>
                    {/* Issue 31: an order on account ships before it is paid: its payment is recorded wherever it stands. */}
                    {o.paymentMethod === 'account' && !o.paid && o.dueDate && (
                      <button
                        type="button"
                        className="btn btn-xs btn-success"
                        onClick={() => setMarkingPaid(o)}
                        aria-label={`Mark paid: order of ${orderTitle(o)} by ${o.userEmail}`}
                      >
                        Mark paid
                      </button>
                    )}
                    {ORDER_TRANSITIONS[o.status].map((to) => {
                      const action = ACTIONS[to];
                      if (!action) return null;
                      return (
                        <button
                          key={to}
                          type="button"
                          className={`btn btn-xs ${action.className}`}
                          disabled={change.isPending}
                          onClick={() => request(o, to)}
                          aria-label={`${action.label}: order of ${orderTitle(o)} by ${o.userEmail}`}
                        >
                          {action.label}
                        </button>
                      );
                    })}
                  </>
                ),
              },
            ]}
          />
        )}
      </PagedList>
      <ConfirmDialog
        open={pending !== null}
        message={pending ? ACTIONS[pending.to]?.confirm : undefined}
        onConfirm={() => {
          const p = pending;
          setPending(null);
          if (p) void move(p.order, p.to);
        }}
        onCancel={() => setPending(null)}
      />
      {shipping && (
        <ShipOrderDialog
          order={shipping}
          onShip={(shipment) => {
            setShipping(null);
            void move(shipping, 'shipped', shipment);
          }}
          onCancel={() => setShipping(null)}
        />
      )}
      {markingPaid && <MarkPaidDialog order={markingPaid} onClose={() => setMarkingPaid(null)} />}
    </section>
  );
}
