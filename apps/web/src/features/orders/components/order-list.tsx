import { Link } from 'react-router';
import type { Order } from '@bulkparts/shared';
import { formatDollars, formatUnitPriceDollars } from '@bulkparts/shared/money';
import { formatQuantity } from '@bulkparts/shared/quantity';
import { isMultiLine, lineCountText, orderTitle } from '@/components/ui/order-contents';
import { OrderLines } from '@/components/ui/order-lines';
import { ORDER_STATUS_LABEL, OrderStatusBadge } from '@/components/ui/order-status-badge';
import { hasInvoice, invoiceUrl } from '../api/get-invoice';
import { OrderAmounts } from './order-amounts';
import { OrderLink } from '@/components/ui/order-link';

// Order totals arrive in dollars with at most two decimals (cents on the server); unit prices with up to four (1/10,000 dollar, issue 30).
const date = (iso: string) => new Date(iso).toLocaleDateString();
// The status word in lower case ('paid', 'awaiting approval'; shown capitalised): the Payment column already says 'Paid'.
const statusBadge = (order: Order) => <OrderStatusBadge status={order.status} label={ORDER_STATUS_LABEL[order.status].toLowerCase()} />;

/** An invoice on account past its due date and not paid yet. */
const isOverdue = (order: Order, now = Date.now()) => order.status === 'invoiced' && order.dueDate !== null && Date.parse(order.dueDate) < now;

interface ListProps {
  orders: Order[];
  /**
   * The company's orders (issue 18): each shows who placed it, and only the viewer's own orders
   * (`ownEmail`) offer Pay, cancel, the invoice and 'Buy again' (those routes answer the buyer only).
   */
  ownEmail?: string;
  onCancel: (order: Order) => void;
  /** The order whose cancel is in flight, so its button cannot be pressed twice. */
  cancellingId: string | null;
  /** 'Buy again': the whole order back into the cart (composed by the page). */
  onBuyAgain: (order: Order) => void;
  buyingAgainId: string | null;
}

/** The order's number, date and PO number; in the company's list, who placed it. */
function OrderMeta({ order, showBuyer }: { order: Order; showBuyer: boolean }) {
  return (
    <>
      <OrderLink order={order} /> · {date(order.createdAt)}
      {order.poNumber && <span className="block break-all">PO {order.poNumber}</span>}
      {showBuyer && <span className="block break-all">Ordered by {order.userEmail}</span>}
    </>
  );
}

/**
 * Carrier and tracking number of a shipped order, the payment deadline of a pending one; an order
 * waiting for approval, the due date of an invoice on account, why an order was rejected.
 */
function OrderDetails({ order }: { order: Order }) {
  if (order.status === 'pending' && order.expiresAt) {
    return <span className="block text-xs text-base-content/70">Pay by {new Date(order.expiresAt).toLocaleString()}</span>;
  }
  if (order.status === 'awaiting_approval') {
    return <span className="block text-xs text-base-content/70">Waiting for an approver of your company</span>;
  }
  if (order.status === 'invoiced' && order.dueDate) {
    return (
      <span className={`block text-xs ${isOverdue(order) ? 'font-semibold text-red-700' : 'text-base-content/70'}`}>
        {isOverdue(order) ? 'Overdue since' : 'Due'} <time dateTime={order.dueDate}>{date(order.dueDate)}</time>
      </span>
    );
  }
  if (order.status === 'rejected') {
    return <span className="block text-xs break-words text-base-content/70">Reason: {order.rejectionReason ?? 'not given'}</span>;
  }
  if (!order.carrier && !order.trackingNumber) return null;
  return (
    <span className="block text-xs text-base-content/70 break-all">
      {[order.carrier, order.trackingNumber && `Tracking ${order.trackingNumber}`].filter(Boolean).join(' · ')}
    </span>
  );
}

/**
 * Pay for a pending order, or what became of the payment. An order waiting for approval, on
 * account or rejected is not paid by card, so it has no Pay button (issue 18).
 */
function PaymentCell({ order, canPay }: { order: Order; canPay: boolean }) {
  if (order.status === 'pending' && canPay) {
    return (
      <Link to={`/dashboard/payment/${order._id}`} className="btn btn-success btn-sm">
        Pay<span className="sr-only"> for {orderTitle(order)}</span>
      </Link>
    );
  }
  if (order.status === 'refunded') return <span>Refunded</span>;
  if (order.status === 'invoiced') {
    return (
      <span>
        <span className="font-semibold">On account</span>
        {order.dueDate && (
          <span className="block text-xs font-normal text-base-content/70">
            Due <time dateTime={order.dueDate}>{date(order.dueDate)}</time>
          </span>
        )}
      </span>
    );
  }
  if (order.paid) {
    return (
      <span>
        <span className="font-semibold text-green-800">Paid</span>
        {order.cardLast4 && <span className="block text-xs font-normal text-base-content/70">{`${order.cardBrand ?? 'Card'} •••• ${order.cardLast4}`}</span>}
        {order.paymentMethod === 'account' && <span className="block text-xs font-normal text-base-content/70">On account</span>}
      </span>
    );
  }
  return (
    <span>
      <span aria-hidden="true">—</span>
      <span className="sr-only">Not paid</span>
    </span>
  );
}

/**
 * The Quantity and Unit price cells: a multi-line order's lines are different parts at their own
 * prices, so it shows its line count and no one unit price (the API's `quantity` and `price` are
 * the pieces of all lines and the first line's price).
 */
function OrderSizeCells({ order }: { order: Order }) {
  if (!isMultiLine(order)) {
    return (
      <>
        <td>{formatQuantity(order.quantity)}</td>
        <td>{formatUnitPriceDollars(order.price)}</td>
      </>
    );
  }
  return (
    <>
      <td>{lineCountText(order.lines.length)}</td>
      <td>
        <span aria-hidden="true">—</span>
        <span className="sr-only">Differs by line</span>
      </td>
    </>
  );
}

/** Statuses the buyer may still cancel: unpaid, or not approved yet (the held pieces go back). */
const CANCELLABLE: readonly Order['status'][] = ['pending', 'awaiting_approval'];

function OrderActions({
  order,
  own,
  onCancel,
  cancellingId,
  onBuyAgain,
  buyingAgainId,
}: Omit<ListProps, 'orders' | 'ownEmail'> & { order: Order; own: boolean }) {
  return (
    <div className="flex flex-wrap gap-2">
      {own && CANCELLABLE.includes(order.status) && (
        <button
          type="button"
          className="btn btn-outline btn-sm border-red-700 text-red-700"
          disabled={cancellingId === order._id}
          onClick={() => onCancel(order)}
        >
          Cancel<span className="sr-only"> order for {orderTitle(order)}</span>
        </button>
      )}
      {/* The invoice route answers the buyer (and shop admins) only. */}
      {own && hasInvoice(order) && (
        <a href={invoiceUrl(order._id)} download className="btn btn-outline btn-sm">
          Invoice<span className="sr-only"> for {orderTitle(order)}</span>
        </a>
      )}
      {own && !CANCELLABLE.includes(order.status) && (
        <button type="button" className="btn btn-ghost btn-sm" disabled={buyingAgainId === order._id} onClick={() => onBuyAgain(order)}>
          Buy again<span className="sr-only">: {orderTitle(order)}</span>
        </button>
      )}
    </div>
  );
}

/**
 * The buyer's orders: a table on wide screens, a list of cards on phones (a 7-column table does
 * not fit 375px). Both are rendered and CSS shows one; the hidden one is out of the accessibility tree.
 */
export function OrderList({ orders, ownEmail, ...actions }: ListProps) {
  const company = ownEmail !== undefined;
  const caption = company ? 'Company orders' : 'My orders';
  const own = (o: Order) => !company || o.userEmail.toLowerCase() === ownEmail.toLowerCase();
  return (
    <>
      <div className="hidden overflow-x-auto md:block">
        <table className="table">
          <caption className="sr-only">{caption}</caption>
          <thead>
            <tr>
              <th scope="col">Product</th>
              <th scope="col">Quantity</th>
              <th scope="col">Unit price</th>
              <th scope="col">Total</th>
              <th scope="col">Status</th>
              <th scope="col">Payment</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {orders.map((o) => (
              <tr key={o._id}>
                <td>
                  <div className="flex items-center gap-3">
                    <img src={o.img} alt="" width="48" height="48" loading="lazy" className="h-12 w-12 rounded bg-base-200 object-contain" />
                    <div>
                      <div className="font-semibold">{orderTitle(o)}</div>
                      <div className="text-xs text-base-content/70">
                        <OrderMeta order={o} showBuyer={company} />
                      </div>
                      <OrderLines lines={o.lines} orderLabel={o.orderNumber} />
                    </div>
                  </div>
                </td>
                <OrderSizeCells order={o} />
                <td>{formatDollars(o.total)}</td>
                <td>
                  {statusBadge(o)}
                  <OrderDetails order={o} />
                </td>
                <td>
                  <PaymentCell order={o} canPay={own(o)} />
                </td>
                <td>
                  <OrderActions order={o} own={own(o)} {...actions} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="space-y-3 md:hidden" aria-label={caption}>
        {orders.map((o) => (
          <li key={o._id} className="card card-border bg-base-100">
            <div className="card-body gap-3 p-4">
              <div className="flex items-start gap-3">
                <img src={o.img} alt="" width="56" height="56" loading="lazy" className="h-14 w-14 shrink-0 rounded bg-base-200 object-contain" />
                <div className="min-w-0 flex-1">
                  <h2 className="font-semibold break-words">{orderTitle(o)}</h2>
                  <p className="text-xs text-base-content/70">
                    <OrderMeta order={o} showBuyer={company} />
                  </p>
                  <OrderDetails order={o} />
                  <OrderLines lines={o.lines} orderLabel={o.orderNumber} />
                </div>
                {statusBadge(o)}
              </div>
              <dl className="grid grid-cols-2 gap-x-2 text-sm">
                <OrderAmounts order={o} />
              </dl>
              <div className="flex flex-wrap items-center gap-2">
                <PaymentCell order={o} canPay={own(o)} />
                <OrderActions order={o} own={own(o)} {...actions} />
              </div>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
