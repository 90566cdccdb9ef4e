import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config/env.js';
import { createMailRepository } from '../modules/mail/mail.repository.js';
import { createMailService, type MailService } from '../modules/mail/mail.service.js';
import { fileTransport, smtpTransport, type MailTransport } from '../modules/mail/mail.transport.js';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: MailService;
  }
}

export default fp<{ config: AppConfig; transport?: MailTransport }>(async function mailer(app: FastifyInstance, opts) {
  const transport =
    opts.transport ??
    (opts.config.smtpUrl
      ? smtpTransport(opts.config.smtpUrl)
      : fileTransport(path.join(opts.config.dataDir, 'mail'), app.log, { logLinks: opts.config.env === 'development' }));
  const service = createMailService({
    repo: createMailRepository(app.database.db),
    transport,
    from: opts.config.mailFrom,
    log: app.log,
    worker: { perRecipientPerMinute: opts.config.mailPerRecipientPerMinute },
  });
  app.decorate('mailer', service);
  // Retries come due while nobody sends; a message another instance left behind is picked up too.
  const timer = setInterval(service.wake, 30_000);
  timer.unref();
  app.addHook('onReady', async () => service.wake());
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await service.stop();
    transport.close();
  });
});
