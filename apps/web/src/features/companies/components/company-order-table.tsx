import type { ReactNode } from 'react';
import type { Order } from '@bulkparts/shared';
import { formatDollars } from '@bulkparts/shared/money';
import { formatQuantity } from '@bulkparts/shared/quantity';
import { DataTable, type Column } from '@/components/ui/data-table';
import { OrderStatusBadge } from '@/components/ui/order-status-badge';

const date = (iso: string) => new Date(iso).toLocaleDateString();

/** How an order is paid, as people read it. */
export const paymentMethodLabel = (order: Order) => (order.paymentMethod === 'account' ? 'On account' : 'Card');

/**
 * A company's orders: number and date (PO number), buyer, what, total, payment, status; `actions`
 * adds a last column (the approval buttons). A table on wide screens, cards on phones (DataTable).
 */
export function CompanyOrderTable({ orders, actions }: { orders: readonly Order[]; actions?: (order: Order) => ReactNode }) {
  const columns: Column<Order>[] = [
    {
      header: 'Order',
      cell: (o) => (
        <>
          <span className="block font-semibold">{o.orderNumber}</span>
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
          <span className="block">{o.Name}</span>
          <span className="text-xs">{formatQuantity(o.quantity)}</span>
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
