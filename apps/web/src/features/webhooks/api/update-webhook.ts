import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Webhook, WebhookUpdate } from '@bulkparts/shared';
import { api } from '@/lib/api-client';
import { webhookPath, webhookQueries } from './webhook-queries';

/** `PATCH /api/webhooks/:id`: its URL, events or whether it is active; answers the endpoint. */
export function updateWebhook({ id, changes }: { id: string; changes: WebhookUpdate }): Promise<Webhook> {
  return api<Webhook>(webhookPath(id), { method: 'PATCH', body: changes });
}

export function useUpdateWebhook() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: updateWebhook, onSuccess: () => qc.invalidateQueries({ queryKey: webhookQueries.list().queryKey }) });
}
