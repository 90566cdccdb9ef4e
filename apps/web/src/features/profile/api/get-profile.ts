import type { Profile } from '@bulkparts/shared';
import { api } from '@/lib/api-client';

export function getProfile(): Promise<Profile> {
  return api<Profile>('/api/profile');
}
