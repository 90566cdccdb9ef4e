import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Carrier, CarriersInput } from '@bulkparts/shared';
import { api } from '@/lib/api-client';
import { shipmentQueries } from './shipment-queries';

/** `PUT /api/carriers` (shop admins): the whole list, replaced. */
export function setCarriers(input: CarriersInput): Promise<Carrier[]> {
  return api<Carrier[]>('/api/carriers', { method: 'PUT', body: input });
}

/** Tracking links are computed from the templates when shipments are read: every shipment is read again. */
export function useSetCarriers() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: setCarriers, onSuccess: () => qc.invalidateQueries({ queryKey: shipmentQueries.all() }) });
}
