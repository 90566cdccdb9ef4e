import { COMPANY_ROLE_LABELS, type CompanyRole } from '@bulkparts/shared';
import type { EventSubscriber } from '../../db/unit-of-work.js';
import type { MailService } from '../mail/mail.service.js';
import type { MailMessage } from '../mail/mail.transport.js';
import { renderMail } from '../mail/templates.js';

/** 'Tue, 02 Dec 2026 10:00 UTC': a mail cannot know the reader's time zone, so it says which one. */
function utc(iso: string): string {
  return `${new Date(iso).toUTCString().slice(0, 22)} UTC`;
}

/**
 * The invitation to join a company: as what, until when, and the one link that carries the token
 * (`/invitations/:token`, the page that names the company and accepts it). Like every mail that
 * goes to an address someone else typed, it carries no text a user chose (no company or person
 * name: anyone may create a company, and a name is a lure in a spam run); the page shows them.
 * Stored in the invitation's own transaction, so there is no invitation without its mail.
 */
export function invitationMail(opts: { to: string; role: CompanyRole; expiresAt: string; token: string; publicUrl: string }): MailMessage {
  const label = COMPANY_ROLE_LABELS[opts.role].toLowerCase();
  return renderMail({
    to: opts.to,
    subject: 'You are invited to a company account on bulkparts',
    greeting: 'Hello,',
    lines: [
      `A company invites you to buy for it on bulkparts as ${/^[aeiou]/.test(label) ? 'an' : 'a'} ${label}.`,
      `The link shows which company invites you. Sign in (or sign up) with ${opts.to} and accept the invitation before ${utc(opts.expiresAt)}; it works once.`,
      'If you did not expect this invitation, ignore this message.',
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
