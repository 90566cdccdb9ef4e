import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { webhookPath, webhookQueries } from './webhook-queries';

/** `DELETE /api/webhooks/:id` (204): no more events go to it; its deliveries go with it. */
export async function deleteWebhook(id: string): Promise<void> {
  await api<null>(webhookPath(id), { method: 'DELETE' });
}

export function useDeleteWebhook() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteWebhook, onSuccess: () => qc.invalidateQueries({ queryKey: webhookQueries.all() }) });
}
