import type { Product, ProductSort } from '@bulkparts/shared';
import { ATTRIBUTE_FILTER_PREFIX } from '@bulkparts/shared/search';
import { apiPage } from '@/lib/api-page';

/** The catalogue's filters (ProductListQuery on the server); prices in dollars. */
export interface ProductListFilters {
  q?: string;
  category?: string;
  brand?: string[];
  /** Specification name → any of these values (`attr.<Name>=`). */
  attributes?: Record<string, string[]>;
  minPrice?: number;
  maxPrice?: number;
  inStock?: boolean;
}

export interface ProductListParams extends ProductListFilters {
  page?: number;
  limit?: number;
  sort?: ProductSort;
}

/** The query string of a list or facets read: repeatable filters are repeated keys (`brand=A&brand=B`). */
export function productQueryString(params: ProductListParams): string {
  const sp = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '' || value === false) continue;
    if (key === 'attributes') {
      for (const [name, values] of Object.entries(value as Record<string, string[]>)) for (const v of values) sp.append(`${ATTRIBUTE_FILTER_PREFIX}${name}`, v);
    } else if (Array.isArray(value)) for (const v of value) sp.append(key, String(v));
    else sp.set(key, String(value));
  }
  const s = sp.toString();
  return s ? `?${s}` : '';
}

/** `GET /api/service`: one page of the catalogue (archived products left out). */
export function getProducts(params: ProductListParams) {
  return apiPage<Product>(`/api/service${productQueryString(params)}`);
}
