import { queryOptions } from '@tanstack/react-query';
import type { PaginationQuery, Webhook, WebhookDelivery } from '@bulkparts/shared';
import { api } from '@/lib/api-client';
import { apiPage, pageQueryOptions } from '@/lib/api-page';
import { WEBHOOKS_ROOT } from '@/lib/query-roots';

export const webhookPath = (id: string, part = '') => `/api/webhooks/${encodeURIComponent(id)}${part}`;

/** `GET /api/webhooks` (shop admins): every endpoint, never a secret. */
export function getWebhooks(): Promise<Webhook[]> {
  return api<Webhook[]>('/api/webhooks');
}

export type DeliveryListParams = Partial<PaginationQuery>;

/** `GET /api/webhooks/:id/deliveries`: one page of an endpoint's deliveries; `X-Total-Count`. */
export function getWebhookDeliveries(id: string, { page, limit }: DeliveryListParams) {
  return apiPage<WebhookDelivery>(webhookPath(id, '/deliveries'), { page, limit });
}

const ALL = WEBHOOKS_ROOT;

/**
 * Webhook endpoints and their deliveries in the cache (ADR 0010). One endpoint's deliveries sit
 * under `deliveriesOf(id)`, so a resend refreshes only its pages; `all()` refreshes everything.
 * Not kept on sign-out (the default for a domain).
 */
export const webhookQueries = {
  all: () => ALL,
  list: () => queryOptions({ queryKey: [...ALL, 'list'] as const, queryFn: getWebhooks }),
  /** The root of one endpoint's delivery pages. */
  deliveriesOf: (id: string) => [...ALL, 'deliveries', id] as const,
  deliveries: (id: string, params: DeliveryListParams) =>
    pageQueryOptions([...webhookQueries.deliveriesOf(id), params] as const, () => getWebhookDeliveries(id, params)),
};
