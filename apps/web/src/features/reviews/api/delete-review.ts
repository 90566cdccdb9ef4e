import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function deleteReview(id: string): Promise<null> {
  return api<null>(`/api/review/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteReview() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteReview, onSuccess: () => qc.invalidateQueries({ queryKey: ['reviews'] }) });
}
