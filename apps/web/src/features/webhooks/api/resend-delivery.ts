import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WebhookDelivery } from '@bulkparts/shared';
import { api } from '@/lib/api-client';
import { webhookPath, webhookQueries } from './webhook-queries';

export interface ResendTarget {
  webhookId: string;
  deliveryId: string;
}

/** `POST /api/webhooks/:id/deliveries/:deliveryId/resend`: a new attempt, queued now, under the same delivery id. */
export function resendDelivery({ webhookId, deliveryId }: ResendTarget): Promise<WebhookDelivery> {
  return api<WebhookDelivery>(webhookPath(webhookId, `/deliveries/${encodeURIComponent(deliveryId)}/resend`), { method: 'POST' });
}

export function useResendDelivery() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: resendDelivery,
    onSuccess: (_delivery, { webhookId }) => qc.invalidateQueries({ queryKey: webhookQueries.deliveriesOf(webhookId) }),
  });
}
