import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { TOTAL_COUNT_HEADER, type User } from '@bulkparts/shared';
import { apiRequest, queryString } from '@/lib/api-client';

export interface UserListParams {
  q?: string;
  page?: number;
  limit?: number;
}

export const usersQueryKey = ['admin', 'users'] as const;

export async function getUsers(params: UserListParams): Promise<{ items: User[]; total: number }> {
  const { data, headers } = await apiRequest<User[]>(`/api/user${queryString({ ...params })}`);
  return { items: data, total: Number(headers.get(TOTAL_COUNT_HEADER) ?? data.length) };
}

export function useUsers(params: UserListParams) {
  return useQuery({ queryKey: [...usersQueryKey, params], queryFn: () => getUsers(params), placeholderData: keepPreviousData });
}
