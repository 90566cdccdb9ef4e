import type { ReactNode } from 'react';
import { shippingAddressLines, type Order } from '@bulkparts/shared';
import { formatDollars } from '@bulkparts/shared/money';
import { DataTable, type Column } from '@/components/ui/data-table';
import { orderSizeText, orderTitle } from '@/components/ui/order-contents';
import { OrderLines } from '@/components/ui/order-lines';
import { OrderStatusBadge } from '@/components/ui/order-status-badge';
import { OrderLink } from '@/components/ui/order-link';

const date = (iso: string) => new Date(iso).toLocaleDateString();

/** How an order is paid, as people read it. */
export const paymentMethodLabel = (order: Order) => (order.paymentMethod === 'account' ? 'On account' : 'Card');

/** Where the order goes and the buyer's note, shown with its lines so an approver sees them before deciding. */
function ShipToAndNote({ order }: { order: Order }) {
  return (
    <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 rounded bg-base-200 px-2 py-1">
      <dt className="font-semibold">Ship to</dt>
      <dd className="break-words">
        {order.shippingAddress
          ? shippingAddressLines(order.shippingAddress).map((l, i) => (
              <span key={i} className="block">
                {l}
              </span>
            ))
          : 'Not given'}
      </dd>
      <dt className="font-semibold">Note</dt>
      <dd className="break-words whitespace-pre-line">{order.note ?? 'None'}</dd>
    </dl>
  );
}

/**
 * A company's orders: number and date (PO number), buyer, what (its lines, ship-to and note behind
 * a disclosure), total, payment, status; `actions` adds a last column (the approval buttons). A
 * table on wide screens, cards on phones (DataTable).
 */
export function CompanyOrderTable({ orders, actions }: { orders: readonly Order[]; actions?: (order: Order) => ReactNode }) {
  const columns: Column<Order>[] = [
    {
      header: 'Order',
      cell: (o) => (
        <>
          <OrderLink order={o} className="link link-hover block font-semibold" />
          <span className="block text-xs">{date(o.createdAt)}</span>
          {o.poNumber && <span className="block text-xs break-all">PO {o.poNumber}</span>}
        </>
      ),
    },
    { header: 'Buyer', className: 'break-all', cell: (o) => o.userEmail },
    {
      header: 'Items',
      className: 'break-words',
      cell: (o) => (
        <>
          <span className="block">{orderTitle(o)}</span>
          <span className="block text-xs">{orderSizeText(o)}</span>
          <OrderLines lines={o.lines} orderLabel={o.orderNumber} details={{ label: 'ship-to and note', content: <ShipToAndNote order={o} /> }} />
        </>
      ),
    },
    { header: 'Total', cell: (o) => formatDollars(o.total) },
    {
      header: 'Payment',
      cell: (o) => (
        <>
          {paymentMethodLabel(o)}
          {o.dueDate && <span className="block text-xs">Due {date(o.dueDate)}</span>}
        </>
      ),
    },
    {
      header: 'Status',
      cell: (o) => (
        <>
          <OrderStatusBadge status={o.status} small />
          {o.rejectionReason && <span className="block text-xs break-words">Reason: {o.rejectionReason}</span>}
        </>
      ),
    },
  ];
  if (actions) columns.push({ header: 'Actions', className: 'flex flex-wrap gap-2', cell: actions });
  return <DataTable rows={orders} rowKey={(o) => o._id} columns={columns} />;
}
