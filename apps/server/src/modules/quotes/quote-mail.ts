import { formatDollars, formatQuantity, formatUnitPriceDollars, type Quote } from '@bulkparts/shared';
import type { EventSubscriber } from '../../db/unit-of-work.js';
import type { MailService } from '../mail/mail.service.js';
import type { MailMessage } from '../mail/mail.transport.js';
import { renderMail } from '../mail/templates.js';

/** Mails list at most this many lines (a quote holds at most QUOTE_LINES_MAX = 50, so all of them today). */
const MAILED_LINES_MAX = 50;

/** 'Tue, 25 Nov 2026 23:59 UTC': a mail cannot know the reader's time zone, so it says which one. */
function utc(iso: string): string {
  return `${new Date(iso).toUTCString().slice(0, 22)} UTC`;
}

function requestedLines(quote: Quote): string[] {
  return quote.lines
    .slice(0, MAILED_LINES_MAX)
    .map((l) => `- ${l.sku} ${l.name}: ${formatQuantity(l.quantity)} pieces (list ${formatUnitPriceDollars(l.listUnitPrice)} each)`);
}

function answeredLines(quote: Quote): string[] {
  return quote.lines
    .slice(0, MAILED_LINES_MAX)
    .map((l) => `- ${l.sku} ${l.name}: ${formatQuantity(l.quantity)} × ${formatUnitPriceDollars(l.unitPrice ?? 0)} = ${formatDollars(l.lineTotal ?? 0)}`);
}

/**
 * A new request for quote, one message per admin (stored in the request's own transaction, so
 * there is no request without its mails). The buyer's note is quoted as plain text.
 */
export function quoteRequestedMails(quote: Quote, admins: readonly string[], publicUrl: string): MailMessage[] {
  const lines = [
    `${quote.userEmail} asks for a quote on ${quote.lines.length === 1 ? 'one line' : `${quote.lines.length} lines`}:`,
    ...requestedLines(quote),
    ...(quote.note ? [`Their note: ${quote.note}`] : []),
    `Quote: ${quote.quoteNumber} (${quote._id})`,
  ];
  return admins.map((to) =>
    renderMail({
      to,
      subject: `Request for quote ${quote.quoteNumber} from ${quote.userEmail}`,
      greeting: 'Hello,',
      lines,
      action: { label: 'Answer requests for quote', url: `${publicUrl}/dashboard/quotes` },
    }),
  );
}

/** The buyer's quote was answered: the prices, the date they hold until, and a link to accept. */
export function quoteAnsweredMail(quote: Quote, publicUrl: string): MailMessage {
  return renderMail({
    to: quote.userEmail,
    subject: `Your quote ${quote.quoteNumber} is ready`,
    greeting: 'Hello,',
    lines: [
      `We priced your request for quote ${quote.quoteNumber}:`,
      ...answeredLines(quote),
      `Total: ${formatDollars(quote.total ?? 0)}`,
      ...(quote.message ? [`Our message: ${quote.message}`] : []),
      ...(quote.validUntil ? [`These prices hold until ${utc(quote.validUntil)}. Accept the quote before then to order at them.`] : []),
    ],
    action: { label: 'See your quote', url: `${publicUrl}/quotes/${quote._id}` },
  });
}

/** The quote mails, written in the unit that requested or answered the quote (issue 29). */
export function createQuoteMail({ mailer, publicUrl }: { mailer: Pick<MailService, 'enqueueIn'>; publicUrl: string }): EventSubscriber {
  return {
    async 'quote.requested'(uow, { quote, adminEmails }) {
      for (const mail of quoteRequestedMails(quote, adminEmails, publicUrl)) await mailer.enqueueIn(uow, mail);
    },
    async 'quote.answered'(uow, { quote }) {
      await mailer.enqueueIn(uow, quoteAnsweredMail(quote, publicUrl));
    },
  };
}
