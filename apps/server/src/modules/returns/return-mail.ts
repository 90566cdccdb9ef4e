import { formatDollars, formatQuantity, RETURN_STATUS_LABELS, type Return } from '@bulkparts/shared';
import type { EventSubscriber } from '../../db/unit-of-work.js';
import type { MailService } from '../mail/mail.service.js';
import type { MailMessage } from '../mail/mail.transport.js';
import { renderMail } from '../mail/templates.js';

const MAILED_LINES_MAX = 50;

const linesOf = (ret: Return) =>
  ret.lines.slice(0, MAILED_LINES_MAX).map((l) => {
    const arrived = l.received === null ? '' : `, ${formatQuantity(l.received)} received${l.damaged ? ` (${formatQuantity(l.damaged)} damaged)` : ''}`;
    return `- ${l.sku} ${l.name}: ${formatQuantity(l.quantity)} (${l.reason})${arrived}`;
  });

/**
 * Issue 31: the buyer hears of every step of a return, the shop's admins of each new one; each
 * mail is written in the unit of the step it tells about (no step without its mail).
 */
export function createReturnMail({ mailer, publicUrl }: { mailer: Pick<MailService, 'enqueueIn'>; publicUrl: string }): EventSubscriber {
  const toBuyer = (ret: Return, subject: string, lines: string[]): MailMessage =>
    renderMail({
      to: ret.userEmail,
      subject,
      greeting: 'Hello,',
      lines: [...lines, ...linesOf(ret), `Return: ${ret.rmaNumber} for order ${ret.orderNumber}`],
      action: { label: 'See your order', url: `${publicUrl}/dashboard/orders/${ret.orderId}` },
    });

  return {
    async 'return.requested'(uow, { ret, adminEmails }) {
      await mailer.enqueueIn(
        uow,
        toBuyer(ret, `Your return ${ret.rmaNumber} for order ${ret.orderNumber} was received`, [
          `We have your request to return parts of order ${ret.orderNumber}. We will tell you once it is approved; please do not send anything before.`,
        ]),
      );
      for (const to of adminEmails) {
        await mailer.enqueueIn(
          uow,
          renderMail({
            to,
            subject: `Return ${ret.rmaNumber} for order ${ret.orderNumber} waits for a decision`,
            greeting: 'Hello,',
            lines: [`${ret.userEmail} asks to return:`, ...linesOf(ret), ...(ret.note ? [`Their note: ${ret.note}`] : [])],
            action: { label: 'Review returns', url: `${publicUrl}/dashboard/returns` },
          }),
        );
      }
    },

    async 'return.moved'(uow, { ret, to }) {
      const lines =
        to === 'approved'
          ? [`Your return ${ret.rmaNumber} is approved. Please send the parts back, marked with ${ret.rmaNumber}.`]
          : to === 'rejected'
            ? [`Your return ${ret.rmaNumber} was rejected.`, ...(ret.rejectionReason ? [`Reason: ${ret.rejectionReason}`] : [])]
            : [
                `Your return ${ret.rmaNumber} is refunded${ret.creditNote ? `: credit note ${ret.creditNote.number} for ${formatDollars(ret.creditNote.total)}` : ''}.`,
              ];
      await mailer.enqueueIn(uow, toBuyer(ret, `Your return ${ret.rmaNumber}: ${RETURN_STATUS_LABELS[to].toLowerCase()}`, lines));
    },

    async 'return.received'(uow, { ret }) {
      await mailer.enqueueIn(
        uow,
        toBuyer(ret, `The parts of your return ${ret.rmaNumber} arrived`, [
          ret.creditNote
            ? `The parts arrived. Credit note ${ret.creditNote.number} gives back ${formatDollars(ret.creditNote.total)}; you can download it from your order's page.`
            : 'The parts arrived; none of them could be credited.',
        ]),
      );
    },
  };
}
