import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Order, OrderRejectValues } from '@bulkparts/shared';
import { orderQueries } from '@/features/orders/api/order-queries';
import { productQueries } from '@/features/products/api/product-queries';
import { api, ApiClientError } from '@/lib/api-client';
import { companyQueries } from './company-queries';

/** `POST /api/purchase/:id/reject { reason }`: the order is rejected, its stock returned, the buyer mailed the reason. */
export function rejectOrder({ id, reason }: OrderRejectValues & { id: string }): Promise<Order> {
  return api<Order>(`/api/purchase/${encodeURIComponent(id)}/reject`, { method: 'POST', body: { reason } });
}

export function useRejectOrder() {
  const qc = useQueryClient();
  const refresh = (...roots: (readonly string[])[]) => Promise.all(roots.map((queryKey) => qc.invalidateQueries({ queryKey })));
  return useMutation({
    mutationFn: rejectOrder,
    // The order moves, its pieces are on sale again, and the company's credit is freed.
    onSuccess: () => refresh(orderQueries.all(), productQueries.all(), companyQueries.all()),
    // 409: decided by someone else (or the server's 14-day round) meanwhile.
    onError: (err) => (err instanceof ApiClientError && err.status === 409 ? refresh(orderQueries.all(), companyQueries.all()) : undefined),
  });
}
