import { sellerDocumentLines, sellerFooterLines } from '@bulkparts/shared';
import path from 'node:path';
import { createGroupCommit } from '../db/group-commit.js';
import { createUnits } from '../db/unit-of-work.js';
import { createLoopPressure } from '../lib/loop-pressure.js';
import { createOutboxWorker } from '../lib/outbox-worker.js';
import { createSessionCache } from '../modules/auth/session-cache.js';
import { createInvitationMail } from '../modules/companies/company-mail.js';
import { createMailRepository } from '../modules/mail/mail.repository.js';
import { createMailDelivery } from '../modules/mail/mail-delivery.js';
import { createMailService } from '../modules/mail/mail.service.js';
import { fileTransport, smtpTransport, type MailTransport } from '../modules/mail/mail.transport.js';
import { createOrderMail } from '../modules/orders/order-mail.js';
import { createCatalogueCache } from '../modules/products/catalogue-cache.js';
import { createQuoteMail } from '../modules/quotes/quote-mail.js';
import { createRateLimitRepository } from '../modules/rate-limit/rate-limit.repository.js';
import { createRateLimiter } from '../modules/rate-limit/rate-limit.service.js';
import { createReturnMail } from '../modules/returns/return-mail.js';
import { createSettingsRepository } from '../modules/settings/settings.repository.js';
import { createSettingsService } from '../modules/settings/settings.service.js';
import { createWebhookDelivery } from '../modules/webhooks/webhook-delivery.js';
import { createWebhookSender } from '../modules/webhooks/webhook-sender.js';
import { createWebhookSubscriber } from '../modules/webhooks/webhook-subscriber.js';
import { createWebhooksRepository } from '../modules/webhooks/webhooks.repository.js';
import { createWebhooksService } from '../modules/webhooks/webhooks.service.js';
import type { Base } from './base.js';

export interface PlatformDeps extends Base {
  /** `orders_placed_total` (plugins/metrics.ts). */
  ordersPlaced: { inc(): void };
  mailTransport: MailTransport | undefined;
  rateLimitsEnabled: boolean;
}

/**
 * What every module stands on, built first: the group commit and the units of work on it, the
 * outbox the units write to (mail and webhook deliveries) with its worker, the seller record, the
 * rate limiter and the caches.
 */
export function buildPlatform({ config, db, engine, log, ordersPlaced, mailTransport, rateLimitsEnabled }: PlatformDeps) {
  // One queue of write units for the one SQLite connection: orders, cart lines and the webhook worker's
  // writes that arrive together share a commit (db/group-commit.ts, ADR 0007, ADR 0022, ADR 0029).
  const commits = createGroupCommit(db, engine);

  const transport =
    mailTransport ??
    (config.smtpUrl ? smtpTransport(config.smtpUrl) : fileTransport(path.join(config.dataDir, 'mail'), log, { logLinks: config.env === 'development' }));
  // Issue 29: one outbox worker delivers the mail and the webhook deliveries the units of work
  // write, off the request path; it gives way to requests while the process is saturated.
  const loopPressure = createLoopPressure();
  // Issue 30: the seller's identity (one row; the environment's values until an admin saves it), read by every document and mail.
  const settings = createSettingsService({ repo: createSettingsRepository(db), defaults: config.seller });
  const sellerLines = async () => sellerDocumentLines(await settings.seller());
  const mailRepo = createMailRepository(db, engine, commits);
  const webhooksRepo = createWebhooksRepository(db, engine, commits);
  const webhookDelivery = createWebhookDelivery({
    repo: webhooksRepo,
    send: createWebhookSender({ allowPrivate: config.webhooks.allowPrivate }),
    log: log.child({ module: 'webhooks' }),
  });
  const outbox = createOutboxWorker({
    channels: [
      createMailDelivery({
        repo: mailRepo,
        transport,
        from: config.mailFrom,
        log,
        perRecipientPerMinute: config.mailPerRecipientPerMinute,
        footer: async () => sellerFooterLines(await settings.seller()),
      }),
      webhookDelivery,
    ],
    log,
    pressure: loopPressure,
  });
  const mailer = createMailService({ repo: mailRepo, log, outbox });
  // Issue 19: outgoing webhooks' endpoints; their deliveries are written in the unit of the change.
  const webhooks = createWebhooksService({ repo: webhooksRepo, delivery: webhookDelivery, outbox, allowPrivate: config.webhooks.allowPrivate });
  // Issue 29: the units of work the flows and services open, on the group commit. What a unit
  // records (lib/domain-events.ts) is written by these subscribers in the same unit: the mails,
  // the webhook deliveries, and the orders metric after the commit. After-commit work that fails is logged.
  const units = createUnits(commits, {
    subscribers: [
      createOrderMail({ mailer, publicUrl: config.publicUrl }),
      createQuoteMail({ mailer, publicUrl: config.publicUrl }),
      createInvitationMail({ mailer, publicUrl: config.publicUrl }),
      createReturnMail({ mailer, publicUrl: config.publicUrl }),
      createWebhookSubscriber(webhooks),
      { 'order.placed': async (uow) => uow.afterCommit(() => ordersPlaced.inc()) },
    ],
    onAfterCommitError: (err) => log.error({ err }, 'after-commit work failed'),
  });
  const rateLimiter = createRateLimiter(createRateLimitRepository(db), { enabled: rateLimitsEnabled });

  // Caches, each cleared by the service that owns the data it holds.
  const sessions = createSessionCache();
  const catalogueCache = createCatalogueCache();

  return { commits, transport, loopPressure, settings, sellerLines, mailer, outbox, webhooks, units, rateLimiter, sessions, catalogueCache };
}
