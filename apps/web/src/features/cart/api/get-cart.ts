import type { Cart } from '@bulkparts/shared';
import { api } from '@/lib/api-client';

/** `GET /api/cart`: every line priced and checked live, with what would stop checkout (`problem`). */
export function getCart(): Promise<Cart> {
  return api<Cart>('/api/cart');
}
