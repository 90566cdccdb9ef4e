import type { Product } from '@bulkparts/shared';
import { apiPage } from '@/lib/api-page';

export interface AdminProductListParams {
  q?: string;
  page?: number;
  limit?: number;
}

/** All Product: archived products included (admins only), newest first. */
export function getAdminProducts(params: AdminProductListParams) {
  return apiPage<Product>('/api/service', { ...params, sort: 'newest', includeArchived: 1 });
}
