import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WebhookCreate, WebhookCreated } from '@bulkparts/shared';
import { api } from '@/lib/api-client';
import { webhookQueries } from './webhook-queries';

/** `POST /api/webhooks`: answers the endpoint with its signing secret, the only time it is shown. */
export function createWebhook(input: WebhookCreate): Promise<WebhookCreated> {
  return api<WebhookCreated>('/api/webhooks', { method: 'POST', body: input });
}

export function useCreateWebhook() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: createWebhook, onSuccess: () => qc.invalidateQueries({ queryKey: webhookQueries.all() }) });
}
