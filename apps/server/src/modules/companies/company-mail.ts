import { COMPANY_ROLE_LABELS, type CompanyRole } from '@bulkparts/shared';
import type { EventSubscriber } from '../../db/unit-of-work.js';
import type { MailService } from '../mail/mail.service.js';
import type { MailMessage } from '../mail/mail.transport.js';
import { renderMail } from '../mail/templates.js';

/** 'Tue, 02 Dec 2026 10:00 UTC': a mail cannot know the reader's time zone, so it says which one. */
function utc(iso: string): string {
  return `${new Date(iso).toUTCString().slice(0, 22)} UTC`;
}

/** Names in a mail are cut to this many characters. */
const NAME_MAX = 60;

/**
 * A company's or a person's name as an invitation mail may say it (issue 33), or null when it must
 * not: anyone may create a company and invite any address, so a name that reads as a web address,
 * an email address or a phone number is a lure in a spam run, and the mail falls back to words
 * of its own. Whitespace is collapsed and a long name cut (ADR 0030).
 */
export function mailSafeName(name: string): string | null {
  const plain = name.replace(/\s+/g, ' ').trim();
  if (!plain) return null;
  const lure = /:\/\/|www\.|@|\b[a-z0-9-]+\.(?:[a-z]{2,}\b)|(?:\d[\s().+-]*){6,}/i;
  if (lure.test(plain)) return null;
  return plain.length > NAME_MAX ? `${plain.slice(0, NAME_MAX - 1)}…` : plain;
}

/**
 * The invitation to join a company: who invites, for which company, as what, until when, and the
 * one link that carries the token (`/invitations/:token`, the page that shows the same and accepts
 * it). The names are the company's and the inviter's as `mailSafeName` lets them through; the page
 * shows them whatever they are. Stored in the invitation's own unit, so there is no invitation
 * without its mail.
 */
export function invitationMail(opts: {
  to: string;
  role: CompanyRole;
  expiresAt: string;
  token: string;
  publicUrl: string;
  companyName: string;
  invitedBy: string;
}): MailMessage {
  const label = COMPANY_ROLE_LABELS[opts.role].toLowerCase();
  const asRole = `as ${/^[aeiou]/.test(label) ? 'an' : 'a'} ${label}`;
  const company = mailSafeName(opts.companyName);
  const person = mailSafeName(opts.invitedBy);
  const who = person ? `${person} invites you` : 'You are invited';
  const where = company ? `to buy for ${company} on bulkparts` : 'to buy for a company on bulkparts';
  return renderMail({
    to: opts.to,
    subject: 'You are invited to a company account on bulkparts',
    greeting: 'Hello,',
    lines: [
      `${who} ${where} ${asRole}.`,
      `Sign in (or create an account) with ${opts.to} and accept the invitation before ${utc(opts.expiresAt)}; it works once.`,
      `If you did not expect this invitation${company ? ` or do not know ${company}` : ''}, ignore this message.`,
    ],
    action: { label: 'See the invitation', url: `${opts.publicUrl}/invitations/${opts.token}` },
  });
}

/** The invitation's mail, written in the invitation's unit (issue 29). */
export function createInvitationMail({ mailer, publicUrl }: { mailer: Pick<MailService, 'enqueueIn'>; publicUrl: string }): EventSubscriber {
  return {
    async 'invitation.created'(uow, invitation) {
      await mailer.enqueueIn(uow, invitationMail({ ...invitation, publicUrl }));
    },
  };
}
