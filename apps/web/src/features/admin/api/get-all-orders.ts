import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { TOTAL_COUNT_HEADER, type Order, type OrderStatus } from '@bulkparts/shared';
import { apiRequest, queryString } from '@/lib/api-client';

export interface AdminOrderListParams {
  q?: string;
  status?: OrderStatus;
  page?: number;
  limit?: number;
}

/** Manage All Order: every order (admins), filtered, newest first. */
export async function getAllOrders(params: AdminOrderListParams): Promise<{ items: Order[]; total: number }> {
  const { data, headers } = await apiRequest<Order[]>(`/api/purchase${queryString({ ...params })}`);
  return { items: data, total: Number(headers.get(TOTAL_COUNT_HEADER) ?? data.length) };
}

export function useAllOrders(params: AdminOrderListParams) {
  return useQuery({ queryKey: ['orders', 'admin', params], queryFn: () => getAllOrders(params), placeholderData: keepPreviousData });
}
