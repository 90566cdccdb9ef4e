import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Order } from '@bulkparts/shared';
import { orderQueries } from '@/features/orders/api/order-queries';
import { api } from '@/lib/api-client';
import { companyQueries } from './company-queries';

/** `POST /api/purchase/:id/approve`: an order awaiting approval becomes payable (card) or invoiced (on account). */
export function approveOrder(id: string): Promise<Order> {
  return api<Order>(`/api/purchase/${encodeURIComponent(id)}/approve`, { method: 'POST', body: {} });
}

export function useApproveOrder() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: approveOrder,
    // The order moves (every order list, the company's too); an invoiced order counts against the credit.
    // Refreshed after a refusal as well: a 409 means someone else decided first.
    onSettled: () => Promise.all([qc.invalidateQueries({ queryKey: orderQueries.all() }), qc.invalidateQueries({ queryKey: companyQueries.all() })]),
  });
}
