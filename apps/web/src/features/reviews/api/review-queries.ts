import { queryOptions } from '@tanstack/react-query';
import { getReviews } from './get-reviews';
import { REVIEWS_ROOT } from '@/lib/query-roots';

const ALL = REVIEWS_ROOT;

/** Reviews on the home page; adding or deleting one invalidates `all()`. */
export const reviewQueries = {
  all: () => ALL,
  list: (page: number, limit: number) => queryOptions({ queryKey: [...ALL, 'list', { page, limit }] as const, queryFn: () => getReviews(page, limit) }),
};
