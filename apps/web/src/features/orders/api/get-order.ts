import { useQuery, type UseQueryOptions } from '@tanstack/react-query';
import type { Order } from '@bulkparts/shared';
import { api } from '@/lib/api-client';

export const orderQueryKey = (id: string) => ['orders', 'detail', id] as const;

/** `GET /api/purchase/:id`: one of the buyer's orders (another buyer's answers 404). */
export function getOrder(id: string): Promise<Order> {
  return api<Order>(`/api/purchase/${encodeURIComponent(id)}`);
}

export function useOrder(id: string, options: Pick<UseQueryOptions<Order, Error, Order, ReturnType<typeof orderQueryKey>>, 'refetchInterval'> = {}) {
  return useQuery({ queryKey: orderQueryKey(id), queryFn: () => getOrder(id), ...options });
}
