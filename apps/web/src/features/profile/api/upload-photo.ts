import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Profile } from '@bulkparts/shared';
import { authQueries } from '@/features/auth/api/auth-queries';
import { api } from '@/lib/api-client';
import { profileQueries } from './profile-queries';

export function uploadPhoto(file: File): Promise<Profile> {
  const body = new FormData();
  body.append('file', file);
  return api<Profile>('/api/profile/photo', { method: 'POST', body });
}

/** The new photo shows in the top bar and reviews too: the session is refetched. */
export function useUploadPhoto() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: uploadPhoto,
    onSuccess: async (profile) => {
      qc.setQueryData(profileQueries.own().queryKey, profile);
      await qc.invalidateQueries({ queryKey: authQueries.session().queryKey });
    },
  });
}
