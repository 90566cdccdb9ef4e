import type { FastifyBaseLogger } from 'fastify';
import type { LoopPressure } from './loop-pressure.js';

/**
 * One kind of outbox row the worker delivers (mail, webhook deliveries). A round claims up to
 * `limit` due rows with a lease (another instance or a later round takes a row whose process died
 * once the lease ends), delivers them, records the outcomes and answers how many it took, and
 * when some rows were put off to a known time (a recipient's throttle), in how many ms.
 */
export interface OutboxChannel {
  readonly name: string;
  /** Rows one round takes; `busyBatch` while the process is saturated. */
  readonly batch: number;
  readonly busyBatch: number;
  round(now: Date, limit: number): Promise<{ taken: number; retryInMs?: number | undefined }>;
}

export interface OutboxWorkerOptions {
  channels: readonly OutboxChannel[];
  log: Pick<FastifyBaseLogger, 'warn'>;
  /** While the process is saturated, rounds are small and spaced out (ADR 0022); without it they never are. */
  pressure?: Pick<LoopPressure, 'saturated'> | undefined;
  /**
   * Wait before a round, so the rows of units committed close together share it: a round's claim
   * and outcomes are statements (on PostgreSQL writes that flush) whatever it carries (ADR 0029).
   */
  gatherMs?: number;
  /** Wait before a round while saturated: the CPU goes to the requests waiting for it. */
  busyPauseMs?: number;
}

/**
 * The one outbox worker (issue 29): mail and webhook deliveries, written by the units of work that
 * cause them, go out from here, off the request path. `deliverSoon` (after a commit that wrote
 * rows, and on a timer for retries and rows other instances left behind) starts rounds until no
 * channel has a full batch due; rounds never overlap in one process, and several processes share
 * the rows through their leases.
 */
export function createOutboxWorker({ channels, log, pressure, gatherMs = 50, busyPauseMs = 200 }: OutboxWorkerOptions) {
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;
  let later: NodeJS.Timeout | undefined;

  /** A round for each channel in `which`; answers the channels that took a full batch. */
  async function roundOf(which: readonly OutboxChannel[], saturated: boolean): Promise<OutboxChannel[]> {
    const full: OutboxChannel[] = [];
    for (const channel of which) {
      const limit = saturated ? channel.busyBatch : channel.batch;
      try {
        const { taken, retryInMs } = await channel.round(new Date(), limit);
        if (taken >= limit) full.push(channel);
        if (retryInMs !== undefined) deliverLater(retryInMs);
      } catch (err) {
        log.warn({ err, channel: channel.name }, 'outbox round failed; the next one retries');
      }
    }
    return full;
  }

  async function drain(): Promise<void> {
    let which: readonly OutboxChannel[] = channels;
    let gather = true;
    while (which.length && !stopped) {
      again = false;
      const saturated = pressure?.saturated() ?? false;
      // The gathering wait comes after a wake only: after a full batch, more rows are due now.
      if (saturated || gather) await new Promise((r) => setTimeout(r, saturated ? busyPauseMs : gatherMs));
      const full = await roundOf(which, saturated);
      gather = again;
      which = again ? channels : full;
    }
  }

  function deliverLater(ms: number): void {
    if (later || stopped) return;
    later = setTimeout(() => {
      later = undefined;
      deliverSoon();
    }, ms + 50);
    later.unref();
  }

  function deliverSoon(): void {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = drain().finally(() => {
      running = undefined;
      if (again) deliverSoon();
    });
  }

  return {
    deliverSoon,
    /** Starts delivery once `uow` has committed, once per unit however many rows it wrote. */
    deliverAfterCommit(uow: { afterCommit(fn: () => void, key?: string): void }): void {
      uow.afterCommit(deliverSoon, 'outbox-deliver');
    },
    /** Resolves once no round is running (tests and benchmarks; rows put off to later may remain). */
    async settle(): Promise<void> {
      while (running) await running;
    },
    /** Stops starting rounds and waits for the one in flight, before the database closes. */
    async stop(): Promise<void> {
      stopped = true;
      if (later) clearTimeout(later);
      later = undefined;
      await running;
    },
  };
}

export type OutboxWorker = ReturnType<typeof createOutboxWorker>;
