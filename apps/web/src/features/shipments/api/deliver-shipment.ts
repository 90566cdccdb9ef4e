import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Shipment } from '@bulkparts/shared';
import { orderQueries } from '@/features/orders/api/order-queries';
import { api } from '@/lib/api-client';
import { shipmentQueries } from './shipment-queries';

/** `POST /api/shipments/:id/delivered` (shop admins); the order is delivered with its last shipment. */
export function deliverShipment(id: string): Promise<Shipment> {
  return api<Shipment>(`/api/shipments/${encodeURIComponent(id)}/delivered`, { method: 'POST' });
}

export function useDeliverShipment() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deliverShipment,
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: shipmentQueries.all() }), qc.invalidateQueries({ queryKey: orderQueries.all() })]),
  });
}
