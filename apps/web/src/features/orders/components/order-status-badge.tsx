import type { OrderStatus } from '@bulkparts/shared';

const STYLE: Record<OrderStatus, string> = {
  pending: 'badge-warning',
  paid: 'badge-success',
  shipped: 'badge-info',
  delivered: 'badge-primary',
  cancelled: 'badge-ghost',
  refunded: 'badge-neutral',
  expired: 'badge-ghost',
};

/** The order's status as a DaisyUI badge; shared by My Orders and Manage All Order. */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return <span className={`badge ${STYLE[status]} capitalize`}>{status}</span>;
}
