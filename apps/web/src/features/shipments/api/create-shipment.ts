import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Shipment, ShipmentInput } from '@bulkparts/shared';
import { orderQueries } from '@/features/orders/api/order-queries';
import { productQueries } from '@/features/products/api/product-queries';
import { api } from '@/lib/api-client';
import { shipmentQueries } from './shipment-queries';

/** `POST /api/purchase/:id/shipments` (shop admins): pieces of some lines leave from one warehouse. */
export function createShipment({ orderId, input }: { orderId: string; input: ShipmentInput }): Promise<Shipment> {
  return api<Shipment>(`/api/purchase/${encodeURIComponent(orderId)}/shipments`, { method: 'POST', body: input });
}

export function useCreateShipment() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createShipment,
    // The order's status and lines move; the warehouse's counts (the admin's stock pages) too.
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: shipmentQueries.all() }),
        qc.invalidateQueries({ queryKey: orderQueries.all() }),
        qc.invalidateQueries({ queryKey: productQueries.all() }),
      ]),
  });
}
