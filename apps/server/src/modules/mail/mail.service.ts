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
  const { batchSize = 20, gatherMs = 10, pauseMs = 50, leaseMs = 5 * 60_000 } = deps.worker ?? {};
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let wakeAgain = false;
  let stopped = false;

  async function round(): Promise<number> {
    const claimed = await repo.claimDue(batchSize, new Date(Date.now() + leaseMs).toISOString());
    const sent: string[] = [];
    for (const row of claimed) {
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
      timer = undefined;
      await running;
    },
  };
}

export type MailService = ReturnType<typeof createMailService>;
