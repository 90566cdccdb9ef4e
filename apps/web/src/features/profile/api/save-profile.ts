import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Profile, ProfileInput } from '@bulkparts/shared';
import { api } from '@/lib/api-client';
import { profileQueries } from './profile-queries';

export function saveProfile(input: ProfileInput): Promise<Profile> {
  return api<Profile>('/api/profile', { method: 'POST', body: input });
}

export function useSaveProfile() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: saveProfile, onSuccess: (profile) => qc.setQueryData(profileQueries.own().queryKey, profile) });
}
