import { useQuery } from '@tanstack/react-query';
import { formatQuantity } from '@bulkparts/shared/quantity';
import type { Shipment } from '@bulkparts/shared';
import { LoadFailure } from '@/components/ui/load-failure';
import { withToast } from '@/lib/toast-action';
import { useDeliverShipment } from '../api/deliver-shipment';
import { packingSlipUrl, shipmentQueries } from '../api/shipment-queries';

function ShipmentCard({ shipment, canDeliver }: { shipment: Shipment; canDeliver: boolean }) {
  const deliver = useDeliverShipment();
  const title = `Shipment ${shipment.shipmentNumber}`;
  return (
    <li className="rounded-box border border-base-300 p-3 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="font-semibold">{title}</h3>
        <span className={`badge badge-sm ${shipment.deliveredAt ? 'badge-success' : 'badge-primary'}`}>
          {shipment.deliveredAt ? 'Delivered' : 'On its way'}
        </span>
      </div>
      <p className="text-base-content/80">
        Shipped <time dateTime={shipment.shippedAt}>{new Date(shipment.shippedAt).toLocaleString()}</time> from {shipment.warehouse}
        {shipment.deliveredAt && (
          <>
            {' '}
            · delivered <time dateTime={shipment.deliveredAt}>{new Date(shipment.deliveredAt).toLocaleString()}</time>
          </>
        )}
      </p>
      {(shipment.carrier || shipment.trackingNumber) && (
        <p className="break-words">
          {shipment.carrier && <>Carrier: {shipment.carrier} </>}
          {shipment.trackingNumber &&
            (shipment.trackingUrl ? (
              <a className="link" href={shipment.trackingUrl} target="_blank" rel="noreferrer noopener">
                Track {shipment.trackingNumber}
                <span className="sr-only"> (opens the carrier’s site)</span>
              </a>
            ) : (
              <>Tracking number: {shipment.trackingNumber}</>
            ))}
        </p>
      )}
      <ul className="mt-2 space-y-1" aria-label={`Lines of ${title}`}>
        {shipment.lines.map((l) => (
          <li key={l.productId}>
            <span className="font-mono text-xs">{l.sku}</span> {l.name}: <strong>{formatQuantity(l.quantity)}</strong>
          </li>
        ))}
      </ul>
      <div className="mt-2 flex flex-wrap gap-2">
        <a className="btn btn-outline btn-xs" href={packingSlipUrl(shipment._id)} download>
          Packing slip<span className="sr-only"> of {title}</span>
        </a>
        {canDeliver && !shipment.deliveredAt && (
          <button
            type="button"
            className="btn btn-success btn-xs"
            disabled={deliver.isPending}
            onClick={() => void withToast(() => deliver.mutateAsync(shipment._id), `${title} delivered`, 'Could not mark it delivered')}
          >
            Mark delivered<span className="sr-only"> {title}</span>
          </button>
        )}
      </div>
    </li>
  );
}

/** An order's shipments (issue 31): each with its lines, tracking link and packing slip; admins mark them delivered. */
export function ShipmentList({ orderId, canDeliver }: { orderId: string; canDeliver: boolean }) {
  const shipments = useQuery(shipmentQueries.ofOrder(orderId));
  if (shipments.isError) return <LoadFailure error={shipments.error} onRetry={shipments.refetch} />;
  if (shipments.isPending) return <p className="text-sm">Loading shipments…</p>;
  if (shipments.data.length === 0) return <p className="text-sm text-base-content/70">Nothing has shipped yet.</p>;
  return (
    <ul className="space-y-3" aria-label="Shipments">
      {shipments.data.map((s) => (
        <ShipmentCard key={s._id} shipment={s} canDeliver={canDeliver} />
      ))}
    </ul>
  );
}
