import { formatQuantity, shippingAddressLines, type Order, type Shipment } from '@bulkparts/shared';
import type { PrintedDocument } from '../../lib/pdf-layout.js';

/** Where a shipment left from, as its packing slip prints it. */
export interface ShipFrom {
  code: string;
  name: string;
  address: Parameters<typeof shippingAddressLines>[0];
}

/**
 * A shipment's packing slip (issue 31): what is in the parcel, for whom, from where, by which
 * carrier; no prices (it travels with the goods). The text of `GET /api/shipments/:id/packing-slip`.
 */
/** `sellerName`: the seller record's legal name (issue 30). */
export function packingSlipDocument(shipment: Shipment, order: Order, from: ShipFrom, sellerName: string): PrintedDocument {
  const byProduct = new Map(order.lines.map((l) => [l.productId, l]));
  return {
    title: 'PACKING SLIP',
    meta: [
      `Shipment: ${shipment.shipmentNumber}`,
      `Order: ${order.orderNumber}`,
      ...(order.poNumber ? [`Your PO: ${order.poNumber}`] : []),
      `Shipped: ${shipment.shippedAt.slice(0, 10)}`,
    ],
    blocks: [
      { heading: 'From', lines: [sellerName, `${from.name} (${from.code})`, ...shippingAddressLines(from.address)] },
      { heading: 'Ship to', lines: order.shippingAddress ? shippingAddressLines(order.shippingAddress) : [order.userEmail] },
    ],
    headings: ['Item', 'Shipped', 'Ordered', 'Still to ship'],
    items: shipment.lines.map((l) => {
      const line = byProduct.get(l.productId);
      const left = line ? line.quantity - line.shipped : 0;
      return {
        item: `${l.sku} · ${l.name}`,
        quantity: formatQuantity(l.quantity),
        unitPrice: line ? formatQuantity(line.quantity) : '',
        amount: left > 0 ? formatQuantity(left) : '—',
      };
    }),
    totals: [`Pieces in this shipment: ${formatQuantity(shipment.lines.reduce((n, l) => n + l.quantity, 0))}`],
    notes: [
      ...(shipment.carrier ? [`Carrier: ${shipment.carrier}`] : []),
      ...(shipment.trackingNumber ? [`Tracking number: ${shipment.trackingNumber}`] : []),
      ...(shipment.trackingUrl ? [`Track it: ${shipment.trackingUrl}`] : []),
      'Please check the parcel against this slip and tell us within 30 days if anything is missing or damaged.',
    ],
  };
}

export const packingSlipFilename = (shipment: Pick<Shipment, 'shipmentNumber'>) => `packing-slip-${shipment.shipmentNumber}.pdf`;
