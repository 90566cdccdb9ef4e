import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Order, OrderStatus } from '@bulkparts/shared';
import { api } from '@/lib/api-client';

/** `PATCH /api/purchase/:id` along ORDER_TRANSITIONS; carrier and tracking number go with `shipped`. */
export function changeOrderStatus({
  id,
  status,
  carrier,
  trackingNumber,
}: {
  id: string;
  status: OrderStatus;
  carrier?: string;
  trackingNumber?: string;
}): Promise<Order> {
  return api<Order>(`/api/purchase/${id}`, { method: 'PATCH', body: { status, carrier, trackingNumber } });
}

export function useChangeOrderStatus() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: changeOrderStatus,
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: ['orders'] });
      await qc.invalidateQueries({ queryKey: ['admin', 'overview'] });
    },
  });
}
