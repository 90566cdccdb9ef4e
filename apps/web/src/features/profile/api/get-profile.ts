import { useQuery } from '@tanstack/react-query';
import type { Profile } from '@bulkparts/shared';
import { api } from '@/lib/api-client';

export const profileQueryKey = ['profile', 'own'] as const;

export function getProfile(): Promise<Profile> {
  return api<Profile>('/api/profile');
}

export function useProfile() {
  return useQuery({ queryKey: profileQueryKey, queryFn: getProfile });
}
