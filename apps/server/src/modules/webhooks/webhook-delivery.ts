import type { FastifyBaseLogger } from 'fastify';
import { nowIso } from '../../lib/ids.js';
import type { OutboxChannel } from '../../lib/outbox-worker.js';
import type { SendWebhook } from './webhook-sender.js';
import type { AttemptOutcome, ClaimedDelivery, WebhooksRepository } from './webhooks.repository.js';

/** After the n-th failed attempt the next one waits RETRY_DELAYS_MS[n-1]; past the list the delivery is failed (8 attempts). */
export const RETRY_DELAYS_MS = [5_000, 30_000, 120_000, 600_000, 3_600_000, 21_600_000, 86_400_000] as const;
/** A claimed delivery is this process's for this long (longer than one attempt's timeout), then due again. */
export const CLAIM_LEASE_MS = 60_000;
/** Deliveries claimed and sent side by side in one round. */
export const CLAIM_BATCH = 50;
/**
 * While the process is saturated (LoopPressure) a round sends at most BUSY_BATCH, leaving the CPU
 * to the requests waiting for it; the backlog goes out at full speed once the queue of requests is
 * gone (ADR 0022 has the figures).
 */
export const BUSY_BATCH = 10;

/**
 * The webhook deliveries as the outbox worker's channel (lib/outbox-worker.ts, issue 19, ADR
 * 0022): a round claims due deliveries (a lease: safe with several instances), sends them side by
 * side, and records the outcomes in one write, each retried on the schedule above.
 */
export function createWebhookDelivery({ repo, send, log }: { repo: WebhooksRepository; send: SendWebhook; log: FastifyBaseLogger }): OutboxChannel {
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

  return {
    name: 'webhooks',
    batch: CLAIM_BATCH,
    busyBatch: BUSY_BATCH,
    /** Claims up to `limit` deliveries due at `now`, sends them side by side and records the outcomes in one write. */
    async round(now, limit) {
      const leaseUntil = new Date(now.getTime() + CLAIM_LEASE_MS).toISOString();
      const claimed = await repo.claimDue(now.toISOString(), leaseUntil, limit);
      if (claimed.length === 0) return { taken: 0 };
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
      return { taken: claimed.length };
    },
  };
}
