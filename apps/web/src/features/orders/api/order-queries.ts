import { queryOptions } from '@tanstack/react-query';
import { pageQueryOptions } from '@/lib/api-page';
import { getMyOrders, type MyOrdersParams } from './get-my-orders';
import { getOrder } from './get-order';

const ALL = ['orders'] as const;

/**
 * Orders in the cache: every key starts with `all()`, so one invalidation after an order is
 * placed, paid, cancelled or moved refreshes My Orders, the payment page and the admin's list
 * (admin-queries.ts keys it under this root).
 */
export const orderQueries = {
  all: () => ALL,
  // Waits for the session's email: the spec's `?order=` names the buyer.
  mine: (params: MyOrdersParams) => ({ ...pageQueryOptions([...ALL, 'mine', params] as const, () => getMyOrders(params)), enabled: params.email !== '' }),
  detail: (id: string) => queryOptions({ queryKey: [...ALL, 'detail', id] as const, queryFn: () => getOrder(id) }),
};
