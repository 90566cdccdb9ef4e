import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Return, ReturnReceive, ReturnRequest } from '@bulkparts/shared';
import { companyQueries } from '@/features/companies/api/company-queries';
import { orderQueries } from '@/features/orders/api/order-queries';
import { productQueries } from '@/features/products/api/product-queries';
import { api } from '@/lib/api-client';
import { returnQueries } from './return-queries';

const path = (id: string, action: string) => `/api/returns/${encodeURIComponent(id)}/${action}`;

/** A return's step changes the return, its order's lines (returned, credited), received the stock and an account order's credit used. */
function useReturnWrite<V>(fn: (v: V) => Promise<Return>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: returnQueries.all() }),
        qc.invalidateQueries({ queryKey: orderQueries.all() }),
        qc.invalidateQueries({ queryKey: productQueries.all() }),
        qc.invalidateQueries({ queryKey: companyQueries.all() }),
      ]),
  });
}

/** `POST /api/purchase/:id/returns` (the buyer, or their company's admin). */
export const useRequestReturn = () =>
  useReturnWrite(({ orderId, input }: { orderId: string; input: ReturnRequest }) =>
    api<Return>(`/api/purchase/${encodeURIComponent(orderId)}/returns`, { method: 'POST', body: input }),
  );

/** `POST /api/returns/:id/approve` (shop admins). */
export const useApproveReturn = () => useReturnWrite((id: string) => api<Return>(path(id, 'approve'), { method: 'POST' }));

/** `POST /api/returns/:id/reject` (shop admins). */
export const useRejectReturn = () =>
  useReturnWrite(({ id, reason }: { id: string; reason: string }) => api<Return>(path(id, 'reject'), { method: 'POST', body: { reason } }));

/** `POST /api/returns/:id/receive` (shop admins): what arrived; the credit note and refund follow. */
export const useReceiveReturn = () =>
  useReturnWrite(({ id, input }: { id: string; input: ReturnReceive }) => api<Return>(path(id, 'receive'), { method: 'POST', body: input }));

/** `POST /api/returns/:id/refund` (shop admins): a refused card refund sent again. */
export const useRetryRefund = () => useReturnWrite((id: string) => api<Return>(path(id, 'refund'), { method: 'POST' }));
