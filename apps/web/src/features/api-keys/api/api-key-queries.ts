import { queryOptions } from '@tanstack/react-query';
import type { ApiKey } from '@bulkparts/shared';
import { api } from '@/lib/api-client';
import { API_KEYS_ROOT } from '@/lib/query-roots';

/** `GET /api/api-keys` (shop admins): every key, newest first, never a secret. */
export function getApiKeys(): Promise<ApiKey[]> {
  return api<ApiKey[]>('/api/api-keys');
}

/** The API keys' query keys (ADR 0010): one root, one list. */
export const apiKeyQueries = {
  all: () => API_KEYS_ROOT,
  list: () => queryOptions({ queryKey: [...apiKeyQueries.all(), 'list'] as const, queryFn: getApiKeys }),
};
