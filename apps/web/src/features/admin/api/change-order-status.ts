import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Order, OrderStatus } from '@bulkparts/shared';
import { orderQueries } from '@/features/orders/api/order-queries';
import { productQueries } from '@/features/products/api/product-queries';
import { api } from '@/lib/api-client';
import { adminQueries } from './admin-queries';

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
    // Cancelling puts the pieces back into stock; paid, refunded and cancelled orders move the overview's figures.
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: orderQueries.all() }),
        qc.invalidateQueries({ queryKey: productQueries.all() }),
        qc.invalidateQueries({ queryKey: adminQueries.overview().queryKey }),
      ]),
  });
}
