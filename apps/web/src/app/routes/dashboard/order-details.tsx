import { deliveryText, orderShippingText, SHIPPABLE_STATUSES, shippingAddressLines, totalsFromAnswer, type Order } from '@bulkparts/shared';
import { formatDollars } from '@bulkparts/shared/money';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { PageSpinner } from '@/components/ui/page-spinner';
import { RecordLoadFailure } from '@/components/ui/record-load-failure';
import { OrderStatusBadge } from '@/components/ui/order-status-badge';
import { useSession } from '@/features/auth/api/auth-queries';
import { hasInvoice, invoiceUrl } from '@/features/orders/api/get-invoice';
import { orderQueries } from '@/features/orders/api/order-queries';
import { OrderLineTable } from '@/features/orders/components/order-line-table';
import { OrderTotalsBlock } from '@/components/ui/order-totals';
import { TaxWording } from '@/features/tax/components/tax-wording';
import { OrderTimeline } from '@/features/orders/components/order-timeline';
import { needsShippingAddress, ShippingAddressNeeded } from '@/features/orders/components/shipping-address-needed';
import { ShipLinesForm } from '@/features/shipments/components/ship-lines-form';
import { ShipmentList } from '@/features/shipments/components/shipment-list';
import { shipmentQueries } from '@/features/shipments/api/shipment-queries';
import { OrderReturns } from '@/features/returns/components/order-returns';
import { companyQueries } from '@/features/companies/api/company-queries';
import { SaveAsList } from '@/features/lists/components/save-as-list';

/** A label and its value in the order's facts list; nothing when there is no value. */
function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  if (children === null || children === undefined || children === '') return null;
  return (
    <>
      <dt className="text-base-content/70">{label}</dt>
      <dd className="break-words">{children}</dd>
    </>
  );
}

/** What the viewer may do next with this order: pay it, download its invoice, decide on it, manage it. */
function OrderActions({ order, isBuyer, isAdmin }: { order: Order; isBuyer: boolean; isAdmin: boolean }) {
  const pay = isBuyer && order.status === 'pending' && order.paymentMethod === 'card';
  const decide = !isBuyer && order.status === 'awaiting_approval';
  const invoice = hasInvoice(order);
  if (!pay && !decide && !invoice && !isAdmin) return null;
  return (
    <div className="flex flex-wrap gap-2">
      {pay && (
        <Link to={`/dashboard/payment/${order._id}`} className="btn btn-primary">
          Pay {formatDollars(order.total)}
        </Link>
      )}
      {decide && (
        <Link to="/dashboard/approvals" className="btn btn-primary">
          Approve or reject in Approvals
        </Link>
      )}
      {invoice && (
        <a href={invoiceUrl(order._id)} download className="btn btn-outline">
          Download invoice
        </a>
      )}
      {isAdmin && (
        <Link to="/dashboard/manageallorder" className="btn btn-ghost">
          Manage all orders
        </Link>
      )}
    </div>
  );
}

function OrderDetails({ order }: { order: Order }) {
  const session = useSession();
  const me = session.data?.user;
  const isBuyer = me?.email.toLowerCase() === order.userEmail.toLowerCase();
  const isAdmin = me?.role === 'admin';
  // Issue 31: the shipments (the timeline names each one's carrier and tracking; ShipmentList shares the read).
  const shipments = useQuery(shipmentQueries.ofOrder(order._id));
  // Issue 31: a company's admin returns parts of its members' orders as their buyers do.
  const company = useQuery({ ...companyQueries.mine(), enabled: !isBuyer && order.companyId !== null });
  const shipTo = order.shippingAddress ? shippingAddressLines(order.shippingAddress) : null;
  return (
    <>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold">Order {order.orderNumber}</h1>
        <OrderStatusBadge status={order.status} />
      </div>
      <OrderActions order={order} isBuyer={isBuyer} isAdmin={isAdmin} />
      {/* Issue 33: the parts of this order kept to order again. */}
      <SaveAsList lines={order.lines} defaultName={`Order ${order.orderNumber}`} label="Save as requisition list" />
      {isBuyer && needsShippingAddress(order) && <ShippingAddressNeeded order={order} />}
      <section aria-labelledby="order-lines-title" className="space-y-2">
        <h2 id="order-lines-title" className="text-lg font-semibold">
          Lines
        </h2>
        <OrderLineTable order={order} />
        {order.totals && <OrderTotalsBlock totals={totalsFromAnswer(order.totals)} />}
        <TaxWording order={order} />
      </section>
      <section aria-labelledby="order-facts-title" className="space-y-2">
        <h2 id="order-facts-title" className="text-lg font-semibold">
          Details
        </h2>
        <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
          <Fact label="Buyer">{order.userEmail}</Fact>
          <Fact label="Placed">
            <time dateTime={order.createdAt}>{new Date(order.createdAt).toLocaleString()}</time>
          </Fact>
          <Fact label="Ship to">
            {shipTo ? (
              <address className="not-italic">
                {shipTo.map((l) => (
                  <span key={l} className="block">
                    {l}
                  </span>
                ))}
              </address>
            ) : (
              'Not given yet'
            )}
          </Fact>
          <Fact label="PO number">{order.poNumber}</Fact>
          <Fact label="Note">{order.note}</Fact>
          {/* Issue 32: what a shop admin should check (only in admins' answers). */}
          {order.reviewNote && <Fact label="For the shop to check">{order.reviewNote}</Fact>}
          <Fact label="Payment">{order.paymentMethod === 'account' ? 'On account' : 'Card'}</Fact>
          <Fact label="Delivery">
            {order.lines.some((l) => l.backordered > 0)
              ? order.fulfilment === 'ship_complete'
                ? 'Ships complete, once every piece is in stock'
                : 'Ships as available'
              : null}
          </Fact>
          {/* Issue 30: the shipping method as chosen, its charge, the collect account or pickup address, and when it arrives. */}
          <Fact label="Shipping">{order.shipping ? orderShippingText(order.shipping) : null}</Fact>
          <Fact label="Estimated delivery">{order.shipping ? deliveryText(order.shipping.estimatedDelivery) : null}</Fact>
          <Fact label="Invoice due">
            {order.paymentMethod === 'account' && !order.paid && order.dueDate ? new Date(order.dueDate).toLocaleDateString() : null}
          </Fact>
          <Fact label="Pay by">{order.status === 'pending' && order.expiresAt ? new Date(order.expiresAt).toLocaleString() : null}</Fact>
        </dl>
      </section>
      <section aria-labelledby="order-shipments-title" className="space-y-2">
        <h2 id="order-shipments-title" className="text-lg font-semibold">
          Shipments
        </h2>
        <ShipmentList orderId={order._id} canDeliver={isAdmin} />
        {isAdmin && SHIPPABLE_STATUSES.includes(order.status) && order.shippingAddress && (
          <ShipLinesForm key={order.lines.map((l) => l.shipped).join('-')} order={order} />
        )}
      </section>
      <OrderReturns order={order} canRequest={isBuyer || (company.data?.myRole === 'admin' && company.data.id === order.companyId)} />
      <OrderTimeline order={order} shipments={shipments.data} />
    </>
  );
}

/**
 * `/dashboard/orders/:id` (issue 29): one order for its buyer, its company's admins and approvers,
 * and shop admins (the API decides who may read it; anyone else gets 'Order not found'): lines,
 * ship-to, PO number, note, totals, the timeline of who did what, documents and next actions.
 */
export function Component() {
  const { id = '' } = useParams();
  const order = useQuery(orderQueries.detail(id));
  if (order.isError) {
    return (
      <RecordLoadFailure
        error={order.error}
        onRetry={order.refetch}
        notFound={{ title: 'Order not found', backTo: '/dashboard/myorders', backLabel: 'My Orders' }}
      />
    );
  }
  return <section className="max-w-3xl space-y-6">{order.isPending ? <PageSpinner label="Loading the order" /> : <OrderDetails order={order.data} />}</section>;
}
