import { randomBytes } from 'node:crypto';
import {
  WEBHOOK_EVENTS,
  WEBHOOK_SECRET_PREFIX,
  type PaginationQuery,
  type Webhook,
  type WebhookCreate,
  type WebhookCreated,
  type WebhookDelivery,
  type WebhookDeliveryStatus,
  type WebhookEvent,
  type WebhookUpdate,
} from '@bulkparts/shared';
import { pageOffset } from '../../db/query-helpers.js';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import type { OutboxChannel, OutboxWorker } from '../../lib/outbox-worker.js';
import { AppError, notFound } from '../../lib/errors.js';
import { newId, nowIso } from '../../lib/ids.js';
import { urlProblem } from './webhook-address.js';
import type { WebhookDeliveryRow, WebhookEndpointRow, WebhooksRepository } from './webhooks.repository.js';

const KNOWN_EVENTS = new Set<string>(WEBHOOK_EVENTS);

function eventsOf(text: string): WebhookEvent[] {
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? parsed.filter((e): e is WebhookEvent => typeof e === 'string' && KNOWN_EVENTS.has(e)) : [];
  } catch {
    return [];
  }
}

const toWebhook = (row: WebhookEndpointRow): Webhook => ({
  _id: row.id,
  url: row.url,
  events: eventsOf(row.events),
  active: Number(row.active) === 1,
  createdAt: row.created_at,
});

const toDelivery = (row: WebhookDeliveryRow): WebhookDelivery => ({
  _id: row.id,
  event: row.event as WebhookEvent,
  status: row.status as WebhookDeliveryStatus,
  attempts: Number(row.attempts),
  lastStatusCode: row.last_status_code === null ? null : Number(row.last_status_code),
  lastDurationMs: row.last_duration_ms === null ? null : Number(row.last_duration_ms),
  lastError: row.last_error,
  // A succeeded or failed delivery is due never; a pending one at its time (or its lease's end).
  nextAttemptAt: row.status === 'pending' ? row.next_attempt_at : null,
  createdAt: row.created_at,
  deliveredAt: row.delivered_at,
});

/** `whsec_` + base64 of 24 random bytes: the Standard Webhooks secret format. */
const newSecret = () => `${WEBHOOK_SECRET_PREFIX}${randomBytes(24).toString('base64')}`;

export interface WebhooksDeps {
  repo: WebhooksRepository;
  /** The deliveries' channel of the outbox worker (webhook-delivery.ts): `deliverDue` runs its rounds directly. */
  delivery: OutboxChannel;
  outbox: Pick<OutboxWorker, 'deliverSoon' | 'deliverAfterCommit'>;
  /** WEBHOOKS_ALLOW_PRIVATE: private, loopback, reserved and the host's own addresses are accepted (tests, a private network). */
  allowPrivate: boolean;
}

/**
 * Outgoing signed webhooks (issue 19, ADR 0022): endpoints, and the deliveries outbox written in
 * the unit of the change that causes them (`enqueueIn`); the one outbox worker sends them
 * (webhook-delivery.ts), retried, safe with several instances (the claim is a lease).
 */
export function createWebhooksService({ repo, delivery, outbox, allowPrivate }: WebhooksDeps) {
  function checkUrl(url: string): void {
    const problem = urlProblem(url, allowPrivate);
    if (problem) throw new AppError('VALIDATION_FAILED', problem, { url: problem });
  }

  async function endpoint(id: string): Promise<WebhookEndpointRow> {
    const row = await repo.findEndpoint(id);
    if (!row) throw notFound('Webhook');
    return row;
  }

  /**
   * Sends every delivery due at `now`, in full rounds of the worker's channel; answers how many were
   * attempted. Tests call it with a later `now` to reach a retry without waiting for it.
   */
  async function deliverDue(now: Date = new Date()): Promise<number> {
    let total = 0;
    for (;;) {
      const { taken } = await delivery.round(now, delivery.batch);
      total += taken;
      if (taken < delivery.batch) return total;
    }
  }

  return {
    async create(input: WebhookCreate, createdBy: string): Promise<WebhookCreated> {
      checkUrl(input.url);
      const row: WebhookEndpointRow = {
        id: newId(),
        url: input.url,
        events: JSON.stringify(input.events),
        secret: newSecret(),
        active: 1,
        created_by: createdBy,
        created_at: nowIso(),
      };
      await repo.insertEndpoint(row);
      return { ...toWebhook(row), secret: row.secret };
    },

    list: async (): Promise<Webhook[]> => (await repo.listEndpoints()).map(toWebhook),

    get: async (id: string): Promise<Webhook> => toWebhook(await endpoint(id)),

    async update(id: string, input: WebhookUpdate): Promise<Webhook> {
      await endpoint(id);
      if (input.url !== undefined) checkUrl(input.url);
      const row = await repo.updateEndpoint(id, {
        ...(input.url !== undefined ? { url: input.url } : {}),
        ...(input.events !== undefined ? { events: JSON.stringify(input.events) } : {}),
        ...(input.active !== undefined ? { active: input.active ? 1 : 0 } : {}),
      });
      if (!row) throw notFound('Webhook');
      return toWebhook(row);
    },

    async remove(id: string): Promise<void> {
      if (!(await repo.deleteEndpoint(id))) throw notFound('Webhook');
    },

    async deliveries(id: string, query: PaginationQuery): Promise<{ items: WebhookDelivery[]; total: number }> {
      await endpoint(id);
      const [rows, total] = await Promise.all([repo.listDeliveries(id, pageOffset(query.page, query.limit), query.limit), repo.countDeliveries(id)]);
      return { items: rows.map(toDelivery), total };
    },

    /** Resend: the same delivery (same `webhook-id`, same body) is due again now, whatever its status. */
    async resend(id: string, deliveryId: string): Promise<WebhookDelivery> {
      await endpoint(id);
      if (!(await repo.findDelivery(id, deliveryId))) throw notFound('Delivery');
      await repo.requeue(deliveryId, nowIso());
      const row = await repo.findDelivery(id, deliveryId);
      if (!row) throw notFound('Delivery');
      outbox.deliverSoon();
      return toDelivery(row);
    },

    /**
     * Records `event` for every active endpoint that wants it, inside the caller's transaction:
     * the deliveries commit with the change that caused them, or not at all (the outbox pattern,
     * ADR 0006). `data` may be a function: it is only built when some endpoint wants the event.
     * Delivery starts once the unit has committed.
     */
    async enqueueIn(uow: UnitOfWork, event: WebhookEvent, data: unknown): Promise<number> {
      const { trx } = uow;
      const wanting = (await repo.activeEndpointsIn(trx)).filter((e) => eventsOf(e.events).includes(event));
      if (wanting.length === 0) return 0;
      const payloadData: unknown = typeof data === 'function' ? await (data as () => unknown)() : data;
      const now = nowIso();
      const payload = JSON.stringify({ type: event, timestamp: now, data: payloadData });
      await repo.insertDeliveriesIn(
        trx,
        wanting.map((e) => ({
          id: `msg_${newId()}`,
          endpoint_id: e.id,
          event,
          payload,
          status: 'pending',
          attempts: 0,
          last_status_code: null,
          last_duration_ms: null,
          last_error: null,
          next_attempt_at: now,
          created_at: now,
          delivered_at: null,
        })),
      );
      outbox.deliverAfterCommit(uow);
      return wanting.length;
    },

    deliverDue,
  };
}

export type WebhooksService = ReturnType<typeof createWebhooksService>;
