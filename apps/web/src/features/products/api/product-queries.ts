import { queryOptions } from '@tanstack/react-query';
import { pageQueryOptions } from '@/lib/api-page';
import { getProduct } from './get-product';
import { getProducts, type ProductListParams } from './get-products';

const ALL = ['products'] as const;

/**
 * The catalogue's cache: every key starts with `all()`, so one invalidation after a product or
 * stock write (an order moves stock too) refreshes every list and product page, and the admin's
 * list, which admin-queries.ts keys under this root for that reason. Signing out keeps them all.
 */
export const productQueries = {
  all: () => ALL,
  list: (params: ProductListParams) => pageQueryOptions([...ALL, 'list', params] as const, () => getProducts(params)),
  detail: (id: string) => queryOptions({ queryKey: [...ALL, 'detail', id] as const, queryFn: () => getProduct(id) }),
};
