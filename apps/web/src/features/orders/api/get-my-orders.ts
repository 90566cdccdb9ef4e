import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Order } from '@bulkparts/shared';
import { TOTAL_COUNT_HEADER } from '@bulkparts/shared/constants';
import { apiRequest, queryString } from '@/lib/api-client';

export interface MyOrdersParams {
  email: string;
  page: number;
  limit: number;
}

/** `GET /api/purchase?order={email}`: the buyer's own orders, newest first; the total is in a header. */
export async function getMyOrders({ email, page, limit }: MyOrdersParams): Promise<{ items: Order[]; total: number }> {
  const { data, headers } = await apiRequest<Order[]>(`/api/purchase${queryString({ order: email, page, limit })}`);
  return { items: data, total: Number(headers.get(TOTAL_COUNT_HEADER) ?? data.length) };
}

export function useMyOrders(params: MyOrdersParams) {
  return useQuery({
    queryKey: ['orders', 'mine', params],
    queryFn: () => getMyOrders(params),
    // Keeps the current page on screen while the next one loads.
    placeholderData: keepPreviousData,
    enabled: params.email !== '',
  });
}
