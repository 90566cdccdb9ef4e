import { useQuery } from '@tanstack/react-query';
import type { AdminOverview } from '@bulkparts/shared';
import { api } from '@/lib/api-client';

export const getOverview = () => api<AdminOverview>('/api/admin/overview');

export function useOverview() {
  return useQuery({ queryKey: ['admin', 'overview'], queryFn: getOverview });
}
