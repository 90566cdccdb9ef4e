import type { User } from '@bulkparts/shared';
import { apiPage } from '@/lib/api-page';

export interface UserListParams {
  q?: string;
  page?: number;
  limit?: number;
}

export function getUsers(params: UserListParams) {
  return apiPage<User>('/api/user', { ...params });
}
