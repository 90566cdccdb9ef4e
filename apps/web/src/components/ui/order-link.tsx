import { Link } from 'react-router';

/** Where one order's page is (issue 29): every list of orders links its number there. */
export const orderPagePath = (orderId: string) => `/dashboard/orders/${encodeURIComponent(orderId)}`;

/** An order's number as a link to its page. */
export function OrderLink({ order, className = 'link link-hover font-semibold' }: { order: { _id: string; orderNumber: string }; className?: string }) {
  return (
    <Link to={orderPagePath(order._id)} className={className}>
      {order.orderNumber}
    </Link>
  );
}
