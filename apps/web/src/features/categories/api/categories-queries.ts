import { queryOptions } from '@tanstack/react-query';
import { getCategories } from './get-categories';
import { CATEGORIES_ROOT } from '@/lib/query-roots';

const ALL = CATEGORIES_ROOT;

/**
 * The category tree (admin pages, product forms, the storefront's filter panel). Its counts change
 * with products, so product writes that move counts invalidate this root as well as the products
 * root, and category writes invalidate both (a rename or move shows on product pages).
 */
export const categoryQueries = {
  all: () => ALL,
  list: () => queryOptions({ queryKey: [...ALL, 'list'] as const, queryFn: getCategories, staleTime: 60_000 }),
};
