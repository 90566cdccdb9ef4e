import path from 'node:path';
import { ensurePrivateDir, writePrivateFile } from '../../lib/private-files.js';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface MailTransport {
  deliver(message: MailMessage & { from: string }): Promise<void>;
  close(): void;
}

/**
 * Real SMTP when `SMTP_URL` is set (smtp:// or smtps://, credentials in the URL). One pooled
 * connection, reused across the worker's rounds: the worker delivers one message at a time, and
 * a new connection (and TLS handshake) per message was the slow part of a burst.
 */
export function smtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport({ url, pool: true, maxConnections: 1 });
  return {
    async deliver(message) {
      await transporter.sendMail(message);
    },
    close: () => transporter.close(),
  };
}

/**
 * Default without SMTP_URL: each message becomes an owner-only .eml file under DATA_DIR/mail. In
 * development its links are also logged so a developer can click them; anywhere else they are
 * live reset and verification links, and logs travel further than the data folder.
 */
export function fileTransport(dir: string, log: FastifyBaseLogger, opts: { logLinks?: boolean } = {}): MailTransport {
  const streamer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let made: Promise<unknown> | undefined;
  return {
    async deliver(message) {
      await (made ??= ensurePrivateDir(dir));
      const info = await streamer.sendMail(message);
      const safeTo = message.to.replace(/[^\w.@-]/g, '_');
      const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${safeTo}.eml`);
      await writePrivateFile(file, info.message as Buffer);
      const links = opts.logLinks ? (message.text.match(/https?:\/\/\S+/g) ?? []) : [];
      log.info(
        { to: message.to, subject: message.subject, file, ...(opts.logLinks ? { links } : {}) },
        `mail written to ${file}${links.length ? `; links: ${links.join(' ')}` : ''}`,
      );
    },
    close: () => streamer.close(),
  };
}
