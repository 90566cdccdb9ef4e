import type { OrderStatus } from '@bulkparts/shared';

/** The spec's words for each status: an unpaid order is 'Pending'. */
export const ORDER_STATUS_LABEL: Record<OrderStatus, string> = {
  pending: 'Pending',
  paid: 'Paid',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
  expired: 'Expired',
  awaiting_approval: 'Awaiting approval',
  rejected: 'Rejected',
  invoiced: 'Invoiced',
  partially_shipped: 'Partly shipped',
};

/**
 * One colour per status, the same on every page. Each is a DaisyUI colour with its `-content` text,
 * at least 4.5:1 in the light theme (the lowest, success, 5.1:1); the word, not the colour, carries
 * the meaning.
 */
const STATUS_CLASS: Record<OrderStatus, string> = {
  pending: 'badge-warning',
  paid: 'badge-info',
  shipped: 'badge-primary',
  delivered: 'badge-success',
  cancelled: 'badge-ghost',
  refunded: 'badge-neutral',
  expired: 'badge-ghost',
  awaiting_approval: 'badge-warning',
  rejected: 'badge-error',
  invoiced: 'badge-secondary',
  partially_shipped: 'badge-primary',
};

/**
 * An order's status as a badge (My Orders, the payment page, Manage All Order). `label` replaces
 * the spec's word where the page needs another, and is shown capitalised.
 */
export function OrderStatusBadge({ status, label = ORDER_STATUS_LABEL[status], small = false }: { status: OrderStatus; label?: string; small?: boolean }) {
  return <span className={`badge ${small ? 'badge-sm' : ''} ${STATUS_CLASS[status]} capitalize`}>{label}</span>;
}
