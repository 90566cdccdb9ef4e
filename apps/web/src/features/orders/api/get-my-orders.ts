import type { Order, OrderStatus } from '@bulkparts/shared';
import { apiPage } from '@/lib/api-page';

export interface MyOrdersParams {
  email: string;
  page: number;
  limit: number;
  /** Issue 29: the order or PO number (the server also matches product and email), a status, the days placed. */
  q?: string | undefined;
  status?: OrderStatus | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/** `GET /api/purchase?order={email}`: the buyer's own orders, newest first, optionally filtered. */
export function getMyOrders({ email, page, limit, q, status, from, to }: MyOrdersParams) {
  return apiPage<Order>('/api/purchase', { order: email, page, limit, q, status, from, to });
}
