import type { Order, OrderTimelineEntry, OrderTimelineEvent, Shipment } from '@bulkparts/shared';

const STEP_LABEL: Record<OrderTimelineEvent, string> = {
  placed: 'Placed',
  approved: 'Approved',
  rejected: 'Rejected',
  paid: 'Paid',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  expired: 'Expired',
  refunded: 'Refunded',
};

/** Who acted, as a reader says it: a person, the shop on its own, or nothing when it was not recorded. */
function actor(by: string | null): string | null {
  if (by === null) return null;
  return by === 'system' ? 'automatically' : `by ${by}`;
}

/** What a step adds from the order itself: the carrier and tracking of a shipment, a rejection's reason, a transfer's reference. */
function stepDetail(step: OrderTimelineEntry, order: Order, shipments: readonly Shipment[]): string | null {
  // Issue 31: a shipment's step names it, and a shipped one its carrier and tracking number.
  if ((step.event === 'shipped' || step.event === 'delivered') && step.detail) {
    const shipment = step.event === 'shipped' ? shipments.find((s) => s.shipmentNumber === step.detail) : undefined;
    const parts = [
      `Shipment ${step.detail}`,
      shipment?.carrier && `Carrier: ${shipment.carrier}`,
      shipment?.trackingNumber && `Tracking number: ${shipment.trackingNumber}`,
    ];
    return parts.filter(Boolean).join(' · ');
  }
  if (step.event === 'shipped') {
    const parts = [order.carrier && `Carrier: ${order.carrier}`, order.trackingNumber && `Tracking number: ${order.trackingNumber}`].filter(Boolean);
    return parts.length ? parts.join(' · ') : null;
  }
  if (step.event === 'rejected' && order.rejectionReason) return `Reason: ${order.rejectionReason}`;
  if (step.event === 'paid' && order.paymentReference && order.paymentMethod === 'account') return `Reference: ${order.paymentReference}`;
  return null;
}

/** The order's steps, oldest first, as an ordered list (issue 29): what, when, who, and the step's details. */
export function OrderTimeline({ order, shipments = [] }: { order: Order; shipments?: readonly Shipment[] }) {
  const steps = order.timeline ?? [];
  return (
    <section aria-labelledby="order-timeline-title" className="space-y-2">
      <h2 id="order-timeline-title" className="text-lg font-semibold">
        Timeline
      </h2>
      {steps.length === 0 ? (
        <p className="text-sm text-base-content/70">Nothing recorded yet.</p>
      ) : (
        <ol className="space-y-3 border-l-2 border-base-300 pl-4">
          {steps.map((step, i) => {
            const who = actor(step.by);
            const detail = stepDetail(step, order, shipments);
            return (
              <li key={`${step.event}-${i}`} className="text-sm">
                <span className="font-semibold">{STEP_LABEL[step.event]}</span>{' '}
                <time dateTime={step.at} className="text-base-content/80">
                  {new Date(step.at).toLocaleString()}
                </time>
                {who && <span className="text-base-content/80"> {who}</span>}
                {detail && <span className="block break-words text-base-content/80">{detail}</span>}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
