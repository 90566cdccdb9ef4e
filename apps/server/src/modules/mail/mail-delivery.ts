import type { FastifyBaseLogger } from 'fastify';
import type { OutboxChannel } from '../../lib/outbox-worker.js';
import type { MailRepository } from './mail.repository.js';
import type { MailTransport } from './mail.transport.js';

const MAX_ATTEMPTS = 8;

/**
 * At most `max` deliveries per recipient in any 60 s, counted in this process: a message over the
 * limit is postponed (not dropped, not counted as a failed attempt) until the recipient's window
 * has room. It keeps a burst of orders, or someone using the shop to flood an address with
 * verification or reset mails, from filling one mailbox or getting the shop's sender marked as
 * spam. Per instance: N instances deliver at most N × max per minute to one address.
 */
export function createRecipientThrottle(max: number, now: () => number = Date.now, maxRecipients = 10_000) {
  const sent = new Map<string, number[]>();
  return {
    /** Records a delivery and answers 0, or answers the ms to wait when the recipient is at the limit. */
    take(recipient: string): number {
      if (max <= 0) return 0;
      const key = recipient.toLowerCase();
      const t = now();
      const recent = (sent.get(key) ?? []).filter((at) => at > t - 60_000);
      if (recent.length >= max) {
        sent.set(key, recent);
        return recent[0]! + 60_000 - t;
      }
      recent.push(t);
      sent.delete(key);
      // Oldest recipients out first; one forgotten early only gets its window restarted.
      if (sent.size >= maxRecipients) sent.delete(sent.keys().next().value as string);
      sent.set(key, recent);
      return 0;
    },
  };
}

export interface MailDeliveryOptions {
  repo: MailRepository;
  transport: MailTransport;
  from: string;
  log: Pick<FastifyBaseLogger, 'warn'>;
  /** Messages taken per round (`busyBatch` while the process is saturated). */
  batch?: number;
  busyBatch?: number;
  /** How long a claimed message stays with this process before another may retry it. */
  leaseMs?: number;
  /** Messages delivered to one recipient per minute at most (0 = no throttle); see `createRecipientThrottle`. */
  perRecipientPerMinute?: number;
  /** Issue 30: the seller's lines (name, address, contact) closing every message, read once per round when it has messages. */
  footer?: () => Promise<string[]>;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A stored message with the seller's footer: added when it is sent, so every mail names the seller as the settings say now. */
export function withFooter(message: { text: string; html: string }, footer: readonly string[]): { text: string; html: string } {
  if (footer.length === 0) return message;
  const text = `${message.text}\n\n--\n${footer.join('\n')}`;
  const block = `<p style="font-size:12px;color:#6b7280">${footer.map(escapeHtml).join('<br>')}</p>`;
  const html = message.html.includes('</body>') ? message.html.replace('</body>', `${block}</body>`) : `${message.html}${block}`;
  return { text, html };
}

/**
 * The mail outbox as the outbox worker's channel (lib/outbox-worker.ts): a round claims due
 * messages, builds and sends each, and records them sent in one update. A failed delivery is
 * logged and retried with backoff; a restart loses nothing. Delivery is at least once: a process
 * killed between delivering and recording it sends that one again.
 */
export function createMailDelivery({
  repo,
  transport,
  from,
  log,
  batch = 20,
  busyBatch = 5,
  leaseMs = 5 * 60_000,
  perRecipientPerMinute = 0,
  footer,
}: MailDeliveryOptions): OutboxChannel {
  const throttle = createRecipientThrottle(perRecipientPerMinute);
  return {
    name: 'mail',
    batch,
    busyBatch,
    async round(now, limit) {
      const claimed = await repo.claimDue(limit, new Date(now.getTime() + leaseMs).toISOString());
      const sent: string[] = [];
      let retryInMs: number | undefined;
      // A footer that cannot be read does not hold the mail back.
      const footerLines = claimed.length && footer ? await footer().catch(() => []) : [];
      for (const row of claimed) {
        const waitMs = throttle.take(row.to_address);
        if (waitMs > 0) {
          await repo.postpone(row.id, new Date(Date.now() + waitMs).toISOString());
          retryInMs = Math.min(retryInMs ?? Infinity, waitMs);
          continue;
        }
        try {
          const body = withFooter({ text: row.text_body, html: row.html_body }, footerLines);
          await transport.deliver({ to: row.to_address, subject: row.subject, ...body, from });
          sent.push(row.id);
        } catch (err) {
          const next = row.attempts + 1;
          const delayMs = Math.min(60 * 60_000, 30_000 * 2 ** row.attempts);
          log.warn({ err, to: row.to_address, attempts: next }, 'mail delivery failed; will retry');
          await repo.markFailed(row.id, next, String((err as Error).message), new Date(Date.now() + (next >= MAX_ATTEMPTS ? 1e12 : delayMs)).toISOString());
        }
      }
      await repo.markSent(sent);
      return { taken: claimed.length, retryInMs };
    },
  };
}
