import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Transaction } from 'kysely';
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
import type { DB } from '../../db/tables.js';
import { AppError, notFound } from '../../lib/errors.js';
import { newId, nowIso } from '../../lib/ids.js';
import { urlProblem } from './webhook-address.js';
import type { LoopPressure } from '../../lib/loop-pressure.js';
import type { SendWebhook } from './webhook-sender.js';
import type { AttemptOutcome, ClaimedDelivery, WebhookDeliveryRow, WebhookEndpointRow, WebhooksRepository } from './webhooks.repository.js';

/** After the n-th failed attempt the next one waits RETRY_DELAYS_MS[n-1]; past the list the delivery is failed (8 attempts). */
export const RETRY_DELAYS_MS = [5_000, 30_000, 120_000, 600_000, 3_600_000, 21_600_000, 86_400_000] as const;
/** A claimed delivery is this process's for this long (longer than one attempt's timeout), then due again. */
export const CLAIM_LEASE_MS = 60_000;
/** Deliveries claimed and sent side by side in one round. */
const CLAIM_BATCH = 50;
/** A commit's round waits this long first, so the deliveries of orders committed together share it. */
const GATHER_MS = 10;
/**
 * While the process is saturated (LoopPressure) the worker sends at most BUSY_BATCH every
 * BUSY_PAUSE_MS, leaving the CPU to the requests waiting for it; the backlog goes out at full
 * speed once the queue of requests is gone (ADR 0022 has the figures).
 */
const BUSY_BATCH = 10;
const BUSY_PAUSE_MS = 200;

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
  send: SendWebhook;
  log: FastifyBaseLogger;
  /** WEBHOOKS_ALLOW_PRIVATE: private, loopback, reserved and the host's own addresses are accepted (tests, a private network). */
  allowPrivate: boolean;
  /** When the process is saturated the worker's own rounds slow down (`wake`); without it they never do. */
  pressure?: Pick<LoopPressure, 'saturated'>;
}

/**
 * Outgoing signed webhooks (issue 19, ADR 0022): endpoints, the deliveries outbox written in the
 * caller's transaction (`enqueueIn`), and the worker that sends due deliveries (`deliverDue`),
 * retried on the schedule above, safe with several instances (the claim is a lease).
 */
export function createWebhooksService({ repo, send, log, allowPrivate, pressure }: WebhooksDeps) {
  function checkUrl(url: string): void {
    const problem = urlProblem(url, allowPrivate);
    if (problem) throw new AppError('VALIDATION_FAILED', problem, { url: problem });
  }

  async function endpoint(id: string): Promise<WebhookEndpointRow> {
    const row = await repo.findEndpoint(id);
    if (!row) throw notFound('Webhook');
    return row;
  }

  /** One attempt of one claimed delivery: its outcome, with the retry's time (recorded by the round). */
  async function attempt(d: ClaimedDelivery, now: Date, leaseUntil: string): Promise<AttemptOutcome> {
    const result = await send({ url: d.url, secret: d.secret, id: d.id, body: d.payload });
    const attempts = Number(d.attempts) + 1;
    const delay = RETRY_DELAYS_MS[attempts - 1];
    const failed = !result.ok && delay === undefined;
    log[result.ok ? 'info' : 'warn'](
      {
        webhookId: d.id,
        endpointId: d.endpoint_id,
        event: d.event,
        attempt: attempts,
        statusCode: result.statusCode,
        durationMs: result.durationMs,
        error: result.error,
      },
      result.ok ? 'webhook delivered' : failed ? 'webhook failed for good' : 'webhook attempt failed; retrying later',
    );
    return {
      id: d.id,
      leaseUntil,
      status: result.ok ? 'succeeded' : failed ? 'failed' : 'pending',
      attempts,
      last_status_code: result.statusCode,
      last_duration_ms: result.durationMs,
      last_error: result.error?.slice(0, 500) ?? null,
      next_attempt_at: result.ok || failed ? null : new Date(now.getTime() + delay!).toISOString(),
      delivered_at: result.ok ? nowIso() : null,
    };
  }

  /** Claims up to `limit` deliveries due at `now`, sends them side by side and records the outcomes in one write; answers how many. */
  async function deliverRound(now: Date, limit: number): Promise<number> {
    const leaseUntil = new Date(now.getTime() + CLAIM_LEASE_MS).toISOString();
    const claimed = await repo.claimDue(now.toISOString(), leaseUntil, limit);
    if (claimed.length === 0) return 0;
    const outcomes = await Promise.all(
      claimed.map((d) =>
        attempt(d, now, leaseUntil).catch((err: unknown) => {
          // Left to its lease: due again when it ends.
          log.error({ err, webhookId: d.id }, 'webhook attempt crashed');
          return null;
        }),
      ),
    );
    // One write for the round (a slow endpoint holds the others back at most its 10 s timeout, well within the lease).
    await repo.recordAttempts(outcomes.filter((o) => o !== null));
    return claimed.length;
  }

  /**
   * Sends every delivery due at `now`, in full rounds; answers how many were attempted. Tests call
   * it with a later `now` to reach a retry without waiting for it; the timer goes through `wake`.
   */
  async function deliverDue(now: Date = new Date()): Promise<number> {
    let total = 0;
    for (;;) {
      const sent = await deliverRound(now, CLAIM_BATCH);
      total += sent;
      if (sent < CLAIM_BATCH) return total;
    }
  }

  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  /**
   * Starts rounds soon (after a commit that enqueued, on the timer) until nothing is due; rounds
   * never overlap in one process, and while it is saturated they are small and spaced out.
   */
  function wake(): void {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      let more = true;
      while (more && !stopped) {
        again = false;
        const saturated = pressure?.saturated() ?? false;
        await new Promise((r) => setTimeout(r, saturated ? BUSY_PAUSE_MS : GATHER_MS));
        const limit = saturated ? BUSY_BATCH : CLAIM_BATCH;
        const sent = await deliverRound(new Date(), limit).catch((err: unknown) => {
          log.warn({ err }, 'webhook round failed; the next one retries');
          return 0;
        });
        more = sent === limit || again;
      }
    })().finally(() => {
      running = null;
    });
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
      wake();
      return toDelivery(row);
    },

    /**
     * Records `event` for every active endpoint that wants it, inside the caller's transaction:
     * the deliveries commit with the change that caused them, or not at all (the outbox pattern,
     * ADR 0006). `data` may be a function: it is only built when some endpoint wants the event.
     * Call `wake()` after the commit.
     */
    async enqueueIn(trx: Transaction<DB>, event: WebhookEvent, data: unknown): Promise<number> {
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
      return wanting.length;
    },

    deliverDue,
    wake,
    /** Stops waking rounds and waits for the one running (the app's close). */
    async stop(): Promise<void> {
      stopped = true;
      await running;
    },
  };
}

export type WebhooksService = ReturnType<typeof createWebhooksService>;
