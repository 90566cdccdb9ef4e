import type { FastifyBaseLogger } from 'fastify';
import type { OrdersService } from './orders.service.js';

/**
 * The periodic sweep that expires unpaid orders past their deadline and returns their stock
 * (`OrdersService.expireDue`). Every instance runs one: each order moves once whichever instance
 * gets it (see the repository's `expireDue`). Runs every `min(30 s, TTL / 2)`; a backlog is
 * taken in batches of 100, one transaction each, until none is left. Answers the stop function.
 */
export function startOrderExpiry(service: Pick<OrdersService, 'expireDue'>, ttlSeconds: number, log: FastifyBaseLogger): () => Promise<void> {
  const everyMs = Math.max(1000, Math.min(30_000, (ttlSeconds * 1000) / 2));
  let running: Promise<void> | undefined;
  let stopped = false;

  async function sweep(): Promise<void> {
    try {
      while (!stopped && (await service.expireDue(100)) === 100);
    } catch (err) {
      log.warn({ err }, 'expiring unpaid orders failed; the next round retries');
    }
  }

  const timer = setInterval(() => {
    if (!running) running = sweep().finally(() => (running = undefined));
  }, everyMs);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
