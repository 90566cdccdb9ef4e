import type { FastifyBaseLogger } from 'fastify';
import type { OutboxWorker } from '../../lib/outbox-worker.js';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import type { MailRepository } from './mail.repository.js';
import type { MailMessage } from './mail.transport.js';

/**
 * Transactional-outbox mail: `send` and `enqueueIn` only record the message (one insert); the
 * outbox worker (lib/outbox-worker.ts, the mail channel in mail-delivery.ts) delivers it off the
 * request path, so a burst of orders is not slowed by building MIME messages and a mail server
 * that is down never fails a request.
 */
export function createMailService({
  repo,
  log,
  outbox,
}: {
  repo: MailRepository;
  log: FastifyBaseLogger;
  outbox: Pick<OutboxWorker, 'deliverSoon' | 'deliverAfterCommit'>;
}) {
  return {
    /** Records the message for delivery on its own (account mails); resolves once it is stored (never throws). */
    async send(message: MailMessage): Promise<void> {
      try {
        await repo.enqueue(message);
        outbox.deliverSoon();
      } catch (err) {
        log.error({ err, to: message.to }, 'could not queue mail');
      }
    },
    /**
     * Records the message in the unit of the change it tells about, so it exists exactly when the
     * change does (an order and its confirmation commit together); delivery starts after the commit.
     */
    async enqueueIn(uow: UnitOfWork, message: MailMessage): Promise<void> {
      await repo.enqueue(message, uow.trx);
      outbox.deliverAfterCommit(uow);
    },
    backlog: () => repo.backlog(),
  };
}

export type MailService = ReturnType<typeof createMailService>;
