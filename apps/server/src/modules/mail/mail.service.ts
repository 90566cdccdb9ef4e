import type { FastifyBaseLogger } from 'fastify';
import type { createMailRepository } from './mail.repository.js';
import type { MailMessage, MailTransport } from './mail.transport.js';

const MAX_ATTEMPTS = 8;

/**
 * Mail goes through an outbox table: `send` records the message, then tries to deliver it at
 * once. A failed delivery is logged and retried with backoff by `retryDue`, never surfaced to the
 * user as a crash, and survives a restart.
 */
export function createMailService(deps: { repo: ReturnType<typeof createMailRepository>; transport: MailTransport; from: string; log: FastifyBaseLogger }) {
  const { repo, transport, from, log } = deps;

  async function attempt(id: string, message: MailMessage, attempts: number): Promise<void> {
    try {
      await transport.deliver({ ...message, from });
      await repo.markSent(id);
    } catch (err) {
      const next = attempts + 1;
      const delayMs = Math.min(60 * 60_000, 30_000 * 2 ** attempts);
      log.warn({ err, to: message.to, attempts: next }, 'mail delivery failed; will retry');
      await repo.markFailed(id, next, String((err as Error).message), new Date(Date.now() + (next >= MAX_ATTEMPTS ? 1e12 : delayMs)).toISOString());
    }
  }

  return {
    async send(message: MailMessage): Promise<void> {
      try {
        const id = await repo.enqueue(message);
        await attempt(id, message, 0);
      } catch (err) {
        log.error({ err, to: message.to }, 'could not queue mail');
      }
    },
    async retryDue(): Promise<void> {
      const due = await repo.due(20);
      for (const row of due) {
        await attempt(row.id, { to: row.to_address, subject: row.subject, text: row.text_body, html: row.html_body }, row.attempts);
      }
    },
  };
}

export type MailService = ReturnType<typeof createMailService>;
