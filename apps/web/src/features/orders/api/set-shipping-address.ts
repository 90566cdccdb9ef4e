import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Order, ShippingAddressInput } from '@bulkparts/shared';
import { api, ApiClientError } from '@/lib/api-client';
import { orderQueries } from './order-queries';

/**
 * `PATCH /api/purchase/:id/shipping-address` (issue 29): the buyer gives the ship-to of an order
 * placed without one, so it can be shipped. Bad fields are a 400 with `fields`; shipped (or
 * closed) meanwhile a 409.
 */
export function setShippingAddress({ id, address }: { id: string; address: ShippingAddressInput }): Promise<Order> {
  return api<Order>(`/api/purchase/${encodeURIComponent(id)}/shipping-address`, { method: 'PATCH', body: address });
}

export function useSetShippingAddress() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: setShippingAddress,
    onSuccess: () => qc.invalidateQueries({ queryKey: orderQueries.all() }),
    // 409: the order moved on meanwhile; reloading shows what it is now.
    onError: (err) => (err instanceof ApiClientError && err.status === 409 ? qc.invalidateQueries({ queryKey: orderQueries.all() }) : undefined),
  });
}
