import { queryOptions } from '@tanstack/react-query';
import type { Carrier, Shipment } from '@bulkparts/shared';
import { api } from '@/lib/api-client';
import { SHIPMENTS_ROOT } from '@/lib/query-roots';

/** `GET /api/purchase/:id/shipments`: the order's shipments, oldest first. */
export function getShipments(orderId: string): Promise<Shipment[]> {
  return api<Shipment[]>(`/api/purchase/${encodeURIComponent(orderId)}/shipments`);
}

/** `GET /api/carriers` (shop admins): the carriers and their tracking templates. */
export function getCarriers(): Promise<Carrier[]> {
  return api<Carrier[]>('/api/carriers');
}

/** A shipment's packing slip (PDF), downloaded by a plain `<a href download>` with the session cookie. */
export const packingSlipUrl = (shipmentId: string) => `/api/shipments/${encodeURIComponent(shipmentId)}/packing-slip`;

const ALL = SHIPMENTS_ROOT;

/**
 * Shipments in the cache (issue 31, ADR 0010): an order's under `ofOrder(id)`; the carriers' list.
 * A shipment also changes its order, so writes invalidate `orderQueries.all()` too.
 */
export const shipmentQueries = {
  all: () => ALL,
  ofOrder: (orderId: string) => queryOptions({ queryKey: [...ALL, 'order', orderId] as const, queryFn: () => getShipments(orderId) }),
  carriers: () => queryOptions({ queryKey: [...ALL, 'carriers'] as const, queryFn: getCarriers }),
};
