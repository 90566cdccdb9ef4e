import type { Order } from '@bulkparts/shared';
import { apiPage } from '@/lib/api-page';

export interface MyOrdersParams {
  email: string;
  page: number;
  limit: number;
}

/** `GET /api/purchase?order={email}`: the buyer's own orders, newest first. */
export function getMyOrders({ email, page, limit }: MyOrdersParams) {
  return apiPage<Order>('/api/purchase', { order: email, page, limit });
}
