import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MarkPaidValues, Order } from '@bulkparts/shared';
import { companyQueries } from '@/features/companies/api/company-queries';
import { orderQueries } from '@/features/orders/api/order-queries';
import { api } from '@/lib/api-client';
import { adminQueries } from './admin-queries';

/** `POST /api/purchase/:id/mark-paid` (shop admins): an invoice on account was paid by bank transfer; `reference` is the transfer's. */
export function markOrderPaid({ id, reference }: MarkPaidValues & { id: string }): Promise<Order> {
  return api<Order>(`/api/purchase/${encodeURIComponent(id)}/mark-paid`, { method: 'POST', body: { reference } });
}

export function useMarkOrderPaid() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: markOrderPaid,
    // The order turns paid (the lists, the buyer's page), the overview's revenue moves, and the
    // company's credit used goes down.
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: orderQueries.all() }),
        qc.invalidateQueries({ queryKey: adminQueries.overview().queryKey }),
        qc.invalidateQueries({ queryKey: companyQueries.all() }),
      ]),
  });
}
