import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Order } from '@bulkparts/shared';
import { productQueries } from '@/features/products/api/product-queries';
import { api } from '@/lib/api-client';
import { COMPANIES_ROOT } from '@/lib/query-roots';
import { orderQueries } from './order-queries';

/** `DELETE /api/purchase/:id`: a pending order (or one waiting for approval) becomes `cancelled` and its pieces return to stock. */
export function cancelOrder(id: string): Promise<Order> {
  return api<Order>(`/api/purchase/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useCancelOrder() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    // The pieces go back into stock; an order on account that waited for approval frees the company's credit.
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: orderQueries.all() }),
        qc.invalidateQueries({ queryKey: productQueries.all() }),
        qc.invalidateQueries({ queryKey: COMPANIES_ROOT }),
      ]),
  });
}
