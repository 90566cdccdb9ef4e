import type { Order } from '@bulkparts/shared';
import { api } from '@/lib/api-client';

/** `GET /api/purchase/:id`: one of the buyer's orders (another buyer's answers 404). */
export function getOrder(id: string): Promise<Order> {
  return api<Order>(`/api/purchase/${encodeURIComponent(id)}`);
}
