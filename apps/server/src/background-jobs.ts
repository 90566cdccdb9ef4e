import type { FastifyBaseLogger } from 'fastify';
import { startOrderExpiry } from './modules/orders/order-expiry.js';
import type { Services } from './services.js';

/** An upload nothing shows is kept this long (a product form may still be filled in), then swept. */
const SWEEP_GRACE_MS = 24 * 60 * 60 * 1000;
const SWEEP_EVERY_MS = 60 * 60 * 1000;

/**
 * The timers of the services (services.ts): the outbox's retries, rate-limit housekeeping, expiring unpaid
 * orders, rejecting orders left waiting for approval, reminding overdue invoices, expiring answered quotes past their date, sweeping unused uploads. Answers the function that stops them and closes what the
 * services hold open (mail transport, invoice workers) once requests are answered.
 */
export function startBackgroundJobs(services: Services, log: FastifyBaseLogger): () => Promise<void> {
  const timers: NodeJS.Timeout[] = [];
  const every = (ms: number, run: () => void) => {
    const timer = setInterval(run, ms);
    timer.unref();
    timers.push(timer);
  };
  // The outbox (issue 29): retries come due while nobody writes (a webhook's first after 5 s); a
  // mail or delivery another instance left behind is picked up too.
  every(5_000, services.outbox.deliverSoon);
  if (services.rateLimiter.enabled) {
    every(60 * 60_000, () => void services.rateLimiter.purge().catch((err: unknown) => log.warn({ err }, 'rate limit purge failed')));
  }
  every(
    SWEEP_EVERY_MS,
    () =>
      void services.uploads
        .sweep(new Date(Date.now() - SWEEP_GRACE_MS).toISOString())
        .catch((err: unknown) => log.warn({ err }, 'upload sweep failed; the next round retries')),
  );
  // Answered quotes past their date are read as expired already; writing it keeps the admin list by status right.
  every(60_000, () => void services.quotes.expireDue().catch((err: unknown) => log.warn({ err }, 'quote expiry failed; the next round retries')));
  const stopExpiry = startOrderExpiry(services.orders, services.config.orders.unpaidTtlSeconds, log);
  // Issue 18: orders left waiting for approval are rejected (stock back), overdue invoices reminded
  // once. Every instance runs them: each order moves or is reminded once (conditional updates).
  every(
    60_000,
    () =>
      void (async () => {
        while ((await services.orders.rejectStaleApprovals()) === 100);
        while ((await services.orders.remindOverdue()) === 100);
      })().catch((err: unknown) => log.warn({ err }, 'company order sweep failed; the next round retries')),
  );

  // Issue 32: punchout documents' texts past 90 days, ended punchout sessions and their carts.
  every(SWEEP_EVERY_MS, () => void services.sweepPunchout().catch((err: unknown) => log.warn({ err }, 'punchout sweep failed; the next round retries')));

  // Issue 30: VAT numbers rechecked every 30 days (at the next round when the service was down),
  // shop admins mailed 30 days before a company's exemption certificate expires (once per expiry date).
  every(60 * 60_000, () => void services.companies.sweepTax().catch((err: unknown) => log.warn({ err }, 'tax sweep failed; the next round retries')));

  return async () => {
    for (const timer of timers) clearInterval(timer);
    await stopExpiry();
    await services.outbox.stop();
    services.loopPressure.stop();
    services.mailTransport.close();
    // Renders still queued or running are time-limited.
    await services.invoiceRenderer.close();
    // The catalogue's reader threads (ADR 0023), before the database they read is closed.
    await services.products.close();
  };
}
