import type { Order, OrderStatus } from '@bulkparts/shared';
import { apiPage } from '@/lib/api-page';

export interface AdminOrderListParams {
  q?: string;
  status?: OrderStatus;
  page?: number;
  limit?: number;
}

/** Manage All Order: every order (admins), filtered, newest first. */
export function getAllOrders(params: AdminOrderListParams) {
  return apiPage<Order>('/api/purchase', { ...params });
}
