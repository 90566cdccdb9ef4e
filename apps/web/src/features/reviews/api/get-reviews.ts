import type { Review } from '@bulkparts/shared';
import { apiPage } from '@/lib/api-page';

export function getReviews(page: number, limit: number) {
  return apiPage<Review>('/api/review', { page, limit });
}
