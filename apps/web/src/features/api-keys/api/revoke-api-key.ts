import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiKey } from '@bulkparts/shared';
import { api } from '@/lib/api-client';
import { apiKeyQueries } from './api-key-queries';

/** `DELETE /api/api-keys/:id`: the key is refused from now on, on every instance; answers it, revoked. */
export function revokeApiKey(id: string): Promise<ApiKey> {
  return api<ApiKey>(`/api/api-keys/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useRevokeApiKey() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: revokeApiKey, onSuccess: () => qc.invalidateQueries({ queryKey: apiKeyQueries.all() }) });
}
