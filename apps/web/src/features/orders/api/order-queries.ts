import { queryOptions } from '@tanstack/react-query';
import { pageQueryOptions } from '@/lib/api-page';
import { getMyOrders, type MyOrdersParams } from './get-my-orders';
import { getOrder } from './get-order';
import { ORDERS_ROOT } from '@/lib/query-roots';

const ALL = ORDERS_ROOT;

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

/**
 * A fresh `Idempotency-Key` per order form (purchase, checkout): it names the order to be, so a
 * retry answers the same order. Kept here, with the orders' cache keys, so both forms share it
 * without a chunk of its own in the first download's preload list. `crypto.randomUUID` exists only in secure
 * contexts, so a plain http deployment falls back to a v4 uuid from `getRandomValues`.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
