import type { ProductFacets } from '@bulkparts/shared';
import { api } from '@/lib/api-client';
import { productQueryString, type ProductListFilters } from './get-products';

/** `GET /api/service/facets`: counts per category, brand and specification value for these filters. */
export function getProductFacets(filters: ProductListFilters): Promise<ProductFacets> {
  return api<ProductFacets>(`/api/service/facets${productQueryString(filters)}`);
}
