import type { FastifyBaseLogger } from 'fastify';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/tables.js';
import type { createMailRepository } from './mail.repository.js';
import type { MailMessage, MailTransport } from './mail.transport.js';

const MAX_ATTEMPTS = 8;

export interface MailWorkerOptions {
  /** Messages taken per round. */
  batchSize?: number;
  /** Wait before a round, so the messages of a burst share one round and one `sent` update. */
  gatherMs?: number;
  /** Pause after a full round before the next: caps the CPU delivery takes from requests. */
  pauseMs?: number;
  /** How long a claimed message stays with this process before another may retry it. */
  leaseMs?: number;
  /** Messages delivered to one recipient per minute at most (0 = no throttle); see `createRecipientThrottle`. */
  perRecipientPerMinute?: number;
}

/**
 * At most `max` deliveries per recipient in any 60 s, counted in this process: a message over the
 * limit is postponed (not dropped, not counted as a failed attempt) until the recipient's window
 * has room. It keeps a burst of orders, or someone using the shop to flood an address with
 * verification or reset mails, from filling one mailbox or getting the shop's sender marked as
 * spam. Per instance: N instances deliver at most N × max per minute to one address.
 */
export function createRecipientThrottle(max: number, now: () => number = Date.now, maxRecipients = 10_000) {
  const sent = new Map<string, number[]>();
  return {
    /** Records a delivery and answers 0, or answers the ms to wait when the recipient is at the limit. */
    take(recipient: string): number {
      if (max <= 0) return 0;
      const key = recipient.toLowerCase();
      const t = now();
      const recent = (sent.get(key) ?? []).filter((at) => at > t - 60_000);
      if (recent.length >= max) {
        sent.set(key, recent);
        return recent[0]! + 60_000 - t;
      }
      recent.push(t);
      sent.delete(key);
      // Oldest recipients out first; one forgotten early only gets its window restarted.
      if (sent.size >= maxRecipients) sent.delete(sent.keys().next().value as string);
      sent.set(key, recent);
      return 0;
    },
  };
}

/**
 * Transactional-outbox mail. `send` only records the message (one insert) and wakes the worker;
 * the worker delivers in rounds of `batchSize`, off the request path, so a burst of orders is
 * not slowed by building MIME messages and a mail server that is down never fails a request.
 * A failed delivery is logged and retried with backoff; a restart loses nothing. Delivery is
 * at least once: a process killed between delivering and recording it sends that one again.
 */
export function createMailService(deps: {
  repo: ReturnType<typeof createMailRepository>;
  transport: MailTransport;
  from: string;
  log: FastifyBaseLogger;
  worker?: MailWorkerOptions;
}) {
  const { repo, transport, from, log } = deps;
  const { batchSize = 20, gatherMs = 10, pauseMs = 50, leaseMs = 5 * 60_000, perRecipientPerMinute = 0 } = deps.worker ?? {};
  const throttle = createRecipientThrottle(perRecipientPerMinute);
  let timer: NodeJS.Timeout | undefined;
  let later: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let wakeAgain = false;
  let stopped = false;

  async function round(): Promise<number> {
    const claimed = await repo.claimDue(batchSize, new Date(Date.now() + leaseMs).toISOString());
    const sent: string[] = [];
    let postponeMs = Infinity;
    for (const row of claimed) {
      const waitMs = throttle.take(row.to_address);
      if (waitMs > 0) {
        await repo.postpone(row.id, new Date(Date.now() + waitMs).toISOString());
        postponeMs = Math.min(postponeMs, waitMs);
        continue;
      }
      try {
        await transport.deliver({ to: row.to_address, subject: row.subject, text: row.text_body, html: row.html_body, from });
        sent.push(row.id);
      } catch (err) {
        const next = row.attempts + 1;
        const delayMs = Math.min(60 * 60_000, 30_000 * 2 ** row.attempts);
        log.warn({ err, to: row.to_address, attempts: next }, 'mail delivery failed; will retry');
        await repo.markFailed(row.id, next, String((err as Error).message), new Date(Date.now() + (next >= MAX_ATTEMPTS ? 1e12 : delayMs)).toISOString());
      }
    }
    await repo.markSent(sent);
    if (postponeMs !== Infinity && !later && !stopped) {
      later = setTimeout(() => {
        later = undefined;
        wake();
      }, postponeMs + 50);
      later.unref();
    }
    return claimed.length;
  }

  async function drain(): Promise<void> {
    try {
      for (;;) {
        wakeAgain = false;
        const taken = await round();
        if (stopped || (taken < batchSize && !wakeAgain)) return;
        await new Promise((r) => setTimeout(r, pauseMs));
      }
    } catch (err) {
      log.warn({ err }, 'mail worker round failed; the next wake-up retries');
    }
  }

  function wake(): void {
    if (stopped) return;
    if (running) {
      wakeAgain = true;
      return;
    }
    if (timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      running = drain().finally(() => {
        running = undefined;
        if (wakeAgain) wake();
      });
    }, gatherMs);
  }

  return {
    /** Records the message for delivery; resolves once it is stored (never throws). */
    async send(message: MailMessage): Promise<void> {
      try {
        await repo.enqueue(message);
        wake();
      } catch (err) {
        log.error({ err, to: message.to }, 'could not queue mail');
      }
    },
    /**
     * Records the message inside the caller's transaction, so it exists exactly when the change it
     * tells about does (an order and its confirmation commit together). Call `wake` after commit.
     */
    async enqueueIn(trx: Transaction<DB>, message: MailMessage): Promise<void> {
      await repo.enqueue(message, trx);
    },
    /** Looks for due messages (retries, and those another process left behind). */
    wake,
    /** Resolves once nothing is due or being delivered (tests and benchmarks). */
    async settle(): Promise<void> {
      while (timer || running) await (running ?? new Promise((r) => setTimeout(r, gatherMs + 1)));
    },
    backlog: () => repo.backlog(),
    /** Stops waking and waits for the round in flight, before the database closes. */
    async stop(): Promise<void> {
      stopped = true;
      if (timer) clearTimeout(timer);
      if (later) clearTimeout(later);
      timer = undefined;
      await running;
    },
  };
}

export type MailService = ReturnType<typeof createMailService>;
