import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Review, ReviewInput } from '@bulkparts/shared';
import { api } from '@/lib/api-client';
import { reviewQueries } from './review-queries';

export function createReview(input: ReviewInput): Promise<Review> {
  return api<Review>('/api/review', { method: 'POST', body: input });
}

export function useCreateReview() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: createReview, onSuccess: () => qc.invalidateQueries({ queryKey: reviewQueries.all() }) });
}
