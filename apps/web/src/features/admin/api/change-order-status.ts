import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Order, OrderStatus } from '@bulkparts/shared';
import { api } from '@/lib/api-client';

/** `PATCH /api/purchase/:id` along ORDER_TRANSITIONS. */
export function changeOrderStatus({ id, status }: { id: string; status: OrderStatus }): Promise<Order> {
  return api<Order>(`/api/purchase/${id}`, { method: 'PATCH', body: { status } });
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
