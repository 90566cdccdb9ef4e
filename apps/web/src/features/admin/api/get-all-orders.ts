import type { Order, OrderStatus } from '@bulkparts/shared';
import { apiPage } from '@/lib/api-page';

export interface AdminOrderListParams {
  q?: string;
  status?: OrderStatus;
  /** Issue 18: only invoices on account past their due date (`overdue=true`). */
  overdue?: boolean;
  page?: number;
  limit?: number;
}

/** Manage All Order: every order (admins), filtered, newest first. */
export function getAllOrders({ overdue, ...params }: AdminOrderListParams) {
  return apiPage<Order>('/api/purchase', { ...params, overdue: overdue ? 'true' : undefined });
}
