import {
  APPROVAL_TIMEOUT_DAYS,
  formatDollars,
  formatQuantity,
  formatUnitPriceDollars,
  shippingAddressLines,
  taxWordings,
  type Order,
  type Shipment,
} from '@bulkparts/shared';
import type { EventSubscriber } from '../../db/unit-of-work.js';
import type { DomainEvents } from '../../lib/domain-events.js';
import type { MailService } from '../mail/mail.service.js';
import { renderMail } from '../mail/templates.js';
import type { MailMessage } from '../mail/mail.transport.js';
import type { OrderEvent } from './order-types.js';

const MAILED: Partial<Record<OrderEvent, string>> = {
  placed: 'placed',
  paid: 'paid',
  shipped: 'shipped',
  cancelled: 'cancelled',
  refunded: 'refunded',
  expired: 'cancelled because it was not paid in time',
  // Issue 18: approval moves an order on to `pending` (card) or `invoiced` (account).
  pending: 'approved',
  invoiced: 'approved',
  rejected: 'rejected',
};

/** 'Tue, 25 Nov 2026 14:30 UTC': mails cannot know the reader's time zone, so they say which one. */
function deadline(iso: string): string {
  const d = new Date(iso);
  return `${d.toUTCString().slice(0, 22)} UTC`;
}

/** The lines that depend on the event: the payment deadline, the carrier and tracking number. */
function detailLines(order: Order, event: OrderEvent): string[] {
  if (event === 'placed' && order.status === 'awaiting_approval') {
    return ['It is above your spending limit, so it waits for an approver of your company. Its pieces are held for you meanwhile.'];
  }
  if (order.status === 'invoiced' && order.dueDate && (event === 'placed' || event === 'invoiced')) {
    return [`It is charged to your company's account: the invoice is due by ${order.dueDate.slice(0, 10)}.`];
  }
  if (event === 'pending' && order.expiresAt) {
    return [`Please pay by ${deadline(order.expiresAt)}. An order left unpaid then is cancelled and its pieces go back on sale.`];
  }
  if (event === 'rejected') {
    return [...(order.rejectionReason ? [`Reason: ${order.rejectionReason}`] : []), 'Its pieces went back on sale.'];
  }
  if (event === 'placed' && order.expiresAt) {
    return [`Please pay by ${deadline(order.expiresAt)}. An order left unpaid then is cancelled and its pieces go back on sale.`];
  }
  if (event === 'shipped') {
    const lines = [];
    if (order.carrier) lines.push(`Carrier: ${order.carrier}`);
    if (order.trackingNumber) lines.push(`Tracking number: ${order.trackingNumber}`);
    return lines;
  }
  if (event === 'expired') return ['Its pieces went back on sale. You are welcome to order again.'];
  return [];
}

/** Mails list at most this many lines, then say how many more (a 200-line order stays readable). */
const MAILED_LINES_MAX = 50;

/** What was ordered: every line for a multi-line order (with the PO number and address), nothing more for the spec's one-line order. */
function orderLines(order: Order, event: OrderEvent): string[] {
  if (order.lines.length <= 1 && !order.poNumber && !order.shippingAddress) return [];
  const lines = order.lines
    .slice(0, MAILED_LINES_MAX)
    .map((l) => `- ${l.sku} ${l.name}: ${formatQuantity(l.quantity)} × ${formatUnitPriceDollars(l.unitPrice)} = ${formatDollars(l.lineTotal)}`);
  if (order.lines.length > MAILED_LINES_MAX) lines.push(`…and ${order.lines.length - MAILED_LINES_MAX} more lines (see your orders)`);
  if (order.poNumber) lines.push(`Your PO number: ${order.poNumber}`);
  if (order.shippingAddress && event === 'placed') lines.push(`Ship to: ${shippingAddressLines(order.shippingAddress).join(', ')}`);
  return lines;
}

/**
 * Issue 30: the order's totals as the order answer has them (subtotal excluding tax, shipping, tax
 * per rate, the total to pay) and the wording its tax rules need (exemption, reverse charge,
 * export); nothing for an order with neither tax nor shipping decided (older orders).
 */
export function totalsLines(order: Order): string[] {
  const t = order.totals;
  if (!t || (t.taxTotal === 0 && t.shipping === 0 && t.tax.length === 0)) return [];
  return [
    `Subtotal (excl. tax): ${formatDollars(t.subtotal)}`,
    ...(t.shipping > 0 ? [`Shipping: ${formatDollars(t.shipping)}`] : []),
    ...t.tax.map((g) => `${g.name} on ${formatDollars(g.base)}: ${formatDollars(g.amount)}`),
    `Total to pay: ${formatDollars(t.total)}`,
    ...taxWordings((order.lines ?? []).map((l) => l.tax)),
  ];
}

/**
 * The buyer hears about every step of an order through the outbox (retried), so a mail server
 * that is down never fails the order itself. Each mail is written in the unit of the change it
 * tells about (issue 29): no order without its mail, no mail for a change that rolled back.
 */
export function createOrderMail({ mailer, publicUrl }: { mailer: Pick<MailService, 'enqueueIn'>; publicUrl: string }): EventSubscriber {
  function mailFor(order: Order, event: OrderEvent): MailMessage | undefined {
    const verb = MAILED[event];
    if (!verb) return undefined;
    return renderMail({
      to: order.userEmail,
      subject: `Your order ${order.orderNumber} for ${order.Name} was ${verb}`,
      greeting: 'Hello,',
      lines: [
        `Your order of ${formatQuantity(order.quantity)} ${order.Name} (${formatDollars(order.total)}) was ${verb}.`,
        ...orderLines(order, event),
        ...(event === 'placed' ? totalsLines(order) : []),
        ...detailLines(order, event),
        `Order: ${order.orderNumber} (${order._id})`,
      ],
      action: { label: 'See your orders', url: `${publicUrl}/dashboard/myorders` },
    });
  }

  return {
    async 'order.placed'(uow, { order, approverEmails }) {
      const mail = mailFor(order, 'placed');
      if (mail) await mailer.enqueueIn(uow, mail);
      // Issue 18: an order above the buyer's limit asks the company's approvers and admins.
      for (const to of approverEmails) {
        if (to.toLowerCase() === order.userEmail.toLowerCase()) continue;
        await mailer.enqueueIn(uow, approvalNeededMail(order, to, publicUrl));
      }
    },
    async 'order.moved'(uow, { to, order }) {
      // Issue 31: an order ships in shipments, each with its own mail (below).
      if (!MAILED[to] || to === 'shipped') return;
      const mail = mailFor(await order(), to);
      if (mail) await mailer.enqueueIn(uow, mail);
    },
    async 'shipment.created'(uow, { shipment, order, completes }) {
      await mailer.enqueueIn(uow, shipmentMail(await order(), shipment, completes, publicUrl));
    },
    // Issue 31: stock arrived for backordered lines: each buyer hears what ships now and what still waits.
    async 'backorder.allocated'(uow, { orders }) {
      for (const allocated of orders) await mailer.enqueueIn(uow, backorderMail(allocated, publicUrl));
    },
    async 'order.swept'(uow, { to, orders }) {
      for (const order of orders) {
        const mail = mailFor(order, to);
        if (mail) await mailer.enqueueIn(uow, mail);
      }
    },
    async 'order.overdue'(uow, { order, adminEmails }) {
      for (const to of adminEmails) await mailer.enqueueIn(uow, overdueReminderMail(order, to, publicUrl));
    },
  };
}

/** To a company's approvers and admins: a member's order waits for them (issue 18). */
function approvalNeededMail(order: Order, to: string, publicUrl: string): MailMessage {
  return renderMail({
    to,
    subject: `Order ${order.orderNumber} by ${order.userEmail} waits for your approval`,
    greeting: 'Hello,',
    lines: [
      `${order.userEmail} ordered ${formatQuantity(order.quantity)} ${order.Name} (${formatDollars(order.total)}), above their spending limit.`,
      ...orderLines(order, 'placed'),
      `Approve or reject it within ${APPROVAL_TIMEOUT_DAYS} days; after that it is rejected and its pieces go back on sale.`,
      `Order: ${order.orderNumber} (${order._id})`,
    ],
    action: { label: 'Review the order', url: `${publicUrl}/dashboard/approvals` },
  });
}

/** To a company's admins, once: an invoice paid on account is past its due date (issue 18). */
function overdueReminderMail(order: Order, to: string, publicUrl: string): MailMessage {
  return renderMail({
    to,
    subject: `Invoice for order ${order.orderNumber} is overdue`,
    greeting: 'Hello,',
    lines: [
      `The invoice for order ${order.orderNumber} (${formatDollars(order.total)}, bought by ${order.userEmail}) was due on ${order.dueDate?.slice(0, 10) ?? ''} and has not been paid yet.`,
      ...(order.poNumber ? [`Your PO number: ${order.poNumber}`] : []),
      'Please pay it by bank transfer as the invoice says, quoting the invoice number.',
      `Order: ${order.orderNumber} (${order._id})`,
    ],
    action: { label: 'See your company', url: `${publicUrl}/dashboard/company` },
  });
}

/**
 * Issue 31: one mail per shipment: what left, by which carrier, the tracking link, and what is still
 * to come. The shipment that completes the order says the order "was shipped", as before shipments.
 */
function shipmentMail(order: Order, shipment: Shipment, completes: boolean, publicUrl: string): MailMessage {
  const left = order.lines.filter((l) => l.shipped < l.quantity);
  return renderMail({
    to: order.userEmail,
    subject: completes
      ? `Your order ${order.orderNumber} for ${order.Name} was shipped`
      : `Part of your order ${order.orderNumber} was shipped (${shipment.shipmentNumber})`,
    greeting: 'Hello,',
    lines: [
      completes
        ? `The last pieces of your order ${order.orderNumber} left in shipment ${shipment.shipmentNumber}:`
        : `Shipment ${shipment.shipmentNumber} of your order ${order.orderNumber} is on its way:`,
      ...shipment.lines.slice(0, MAILED_LINES_MAX).map((l) => `- ${l.sku} ${l.name}: ${formatQuantity(l.quantity)}`),
      ...(shipment.carrier ? [`Carrier: ${shipment.carrier}`] : []),
      ...(shipment.trackingNumber ? [`Tracking number: ${shipment.trackingNumber}`] : []),
      ...(shipment.trackingUrl ? [`Track it: ${shipment.trackingUrl}`] : []),
      ...(left.length
        ? ['Still to come:', ...left.slice(0, MAILED_LINES_MAX).map((l) => `- ${l.sku} ${l.name}: ${formatQuantity(l.quantity - l.shipped)}`)]
        : []),
      ...(order.poNumber ? [`Your PO number: ${order.poNumber}`] : []),
      `Order: ${order.orderNumber} (${order._id})`,
    ],
    action: { label: 'See your order', url: `${publicUrl}/dashboard/orders/${order._id}` },
  });
}

/** Issue 31: stock arrived for an order's backordered pieces: the new dispatch date, and what still waits. */
function backorderMail({ order, lines, dispatchBy }: DomainEvents['backorder.allocated']['orders'][number], publicUrl: string): MailMessage {
  return renderMail({
    to: order.userEmail,
    subject: `Your order ${order.orderNumber}: backordered parts are in stock`,
    greeting: 'Hello,',
    lines: [
      `Stock arrived for pieces of your order ${order.orderNumber} that were backordered; they are now set to ship by ${dispatchBy}:`,
      ...lines.map(
        (l) =>
          `- ${l.sku} ${l.name}: ${formatQuantity(l.allocated)} now in stock` +
          (l.stillBackordered > 0
            ? `; ${formatQuantity(l.stillBackordered)} still backordered${l.promisedDispatch ? `, promised by ${l.promisedDispatch}` : ''}`
            : ''),
      ),
      ...(order.fulfilment === 'ship_complete' && order.lines.some((l) => l.backordered > 0)
        ? ['You asked for the order to ship complete: it leaves once every piece is in stock.']
        : []),
      `Order: ${order.orderNumber} (${order._id})`,
    ],
    action: { label: 'See your order', url: `${publicUrl}/dashboard/orders/${order._id}` },
  });
}
