import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Order } from '@bulkparts/shared';
import { api } from '@/lib/api-client';

/** `DELETE /api/purchase/:id`: a pending order becomes `cancelled` and its pieces return to stock. */
export function cancelOrder(id: string): Promise<Order> {
  return api<Order>(`/api/purchase/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useCancelOrder() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: ['orders'] }), qc.invalidateQueries({ queryKey: ['products'] })]),
  });
}
