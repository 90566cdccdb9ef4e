import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiKeyInput, CreatedApiKey } from '@bulkparts/shared';
import { api } from '@/lib/api-client';
import { apiKeyQueries } from './api-key-queries';

/** `POST /api/api-keys`: answers the key with its secret, the only time it is shown. */
export function createApiKey(input: ApiKeyInput): Promise<CreatedApiKey> {
  return api<CreatedApiKey>('/api/api-keys', { method: 'POST', body: input });
}

export function useCreateApiKey() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: createApiKey, onSuccess: () => qc.invalidateQueries({ queryKey: apiKeyQueries.all() }) });
}
