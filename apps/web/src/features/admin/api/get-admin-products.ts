import type { AdminProductSort, Product } from '@bulkparts/shared';
import { apiPage } from '@/lib/api-page';

/** All Product's filters and order (issue 33), as `GET /api/admin/products` takes them. */
export interface AdminProductListParams {
  q?: string;
  category?: string;
  brand?: string;
  stock?: 'low' | 'out';
  archived?: 'all' | 'active' | 'archived';
  sort?: AdminProductSort;
  order?: 'asc' | 'desc';
  page?: number;
  limit?: number;
}

/** All Product: archived products included unless filtered, 50 rows a page by default. */
export function getAdminProducts(params: AdminProductListParams) {
  return apiPage<Product>('/api/admin/products', { ...params });
}
