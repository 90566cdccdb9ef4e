import { useQuery } from '@tanstack/react-query';
import type { Review } from '@bulkparts/shared';
import { TOTAL_COUNT_HEADER } from '@bulkparts/shared/constants';
import { apiRequest, queryString } from '@/lib/api-client';

export const reviewsQueryKey = (page: number, limit: number) => ['reviews', { page, limit }] as const;

export async function getReviews(page: number, limit: number): Promise<{ items: Review[]; total: number }> {
  const { data, headers } = await apiRequest<Review[]>(`/api/review${queryString({ page, limit })}`);
  return { items: data, total: Number(headers.get(TOTAL_COUNT_HEADER) ?? data.length) };
}

export function useReviews(page = 1, limit = 6) {
  return useQuery({ queryKey: reviewsQueryKey(page, limit), queryFn: () => getReviews(page, limit) });
}
