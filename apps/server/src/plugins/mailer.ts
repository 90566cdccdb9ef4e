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
  const transport = opts.transport ?? (opts.config.smtpUrl ? smtpTransport(opts.config.smtpUrl) : fileTransport(path.join(opts.config.dataDir, 'mail'), app.log));
  const service = createMailService({ repo: createMailRepository(app.database.db), transport, from: opts.config.mailFrom, log: app.log });
  app.decorate('mailer', service);
  const timer = setInterval(() => void service.retryDue().catch((err) => app.log.warn({ err }, 'mail retry failed')), 30_000);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    transport.close();
  });
});
