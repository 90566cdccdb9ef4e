import type { Product, ProductSort } from '@bulkparts/shared';
import { apiPage } from '@/lib/api-page';

export interface ProductListParams {
  q?: string;
  page?: number;
  limit?: number;
  sort?: ProductSort;
}

/** `GET /api/service`: one page of the catalogue (archived products left out). */
export function getProducts(params: ProductListParams) {
  return apiPage<Product>('/api/service', { ...params });
}
