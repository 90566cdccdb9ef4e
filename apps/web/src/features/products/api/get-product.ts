import type { Product } from '@bulkparts/shared';
import { api } from '@/lib/api-client';

export function getProduct(id: string): Promise<Product> {
  return api<Product>(`/api/service/${encodeURIComponent(id)}`);
}
