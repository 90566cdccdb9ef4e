import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { pageQueryOptions } from '@/lib/api-page';
import { getProduct } from './get-product';
import { getProductFacets } from './get-product-facets';
import { getProducts, type ProductListFilters, type ProductListParams } from './get-products';
import { PRODUCTS_ROOT } from '@/lib/query-roots';

const ALL = PRODUCTS_ROOT;

/**
 * The catalogue's cache: every key starts with `all()`, so one invalidation after a product or
 * stock write (an order moves stock too) refreshes every list and product page, and the admin's
 * list, which admin-queries.ts keys under this root for that reason. Signing out keeps them all.
 */
export const productQueries = {
  all: () => ALL,
  list: (params: ProductListParams) => pageQueryOptions([...ALL, 'list', params] as const, () => getProducts(params)),
  detail: (id: string) => queryOptions({ queryKey: [...ALL, 'detail', id] as const, queryFn: () => getProduct(id) }),
  /** The filter panel's counts; like a page, the last counts stay on screen while the next load. */
  facets: (filters: ProductListFilters) =>
    queryOptions({ queryKey: [...ALL, 'facets', filters] as const, queryFn: () => getProductFacets(filters), placeholderData: keepPreviousData }),
};
