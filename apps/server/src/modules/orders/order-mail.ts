import { formatQuantity, type Order, type OrderStatus } from '@bulkparts/shared';
import type { FastifyInstance } from 'fastify';
import { renderMail } from '../mail/templates.js';
import type { MailMessage } from '../mail/mail.transport.js';
import type { OrderEvent, OrderNotifier } from './orders.service.js';

const MAILED: Partial<Record<OrderEvent, string>> = {
  placed: 'placed',
  paid: 'paid',
  shipped: 'shipped',
  cancelled: 'cancelled',
  refunded: 'refunded',
};

/**
 * The buyer hears about every step of an order through the outbox (retried), so a mail server
 * that is down never fails the order itself. A new order's confirmation is stored in the order's
 * own transaction: no order without its mail, no mail for an order that was not placed.
 */
export function createOrderNotifier(app: FastifyInstance, publicUrl: string): OrderNotifier {
  function mailFor(order: Order, event: OrderEvent): MailMessage | undefined {
    const verb = MAILED[event];
    if (!verb) return undefined;
    return renderMail({
      to: order.userEmail,
      subject: `Your order for ${order.Name} was ${verb}`,
      greeting: 'Hello,',
      lines: [
        `Your order of ${formatQuantity(order.quantity)} ${order.Name} ($${order.total.toFixed(2)}) was ${verb}.`,
        `Order: ${order._id}`,
      ],
      action: { label: 'See your orders', url: `${publicUrl}/dashboard/myorders` },
    });
  }

  return {
    changed(order: Order, event: OrderStatus) {
      const mail = mailFor(order, event);
      if (mail) void app.mailer.send(mail);
    },
    placing(order: Order) {
      const mail = mailFor(order, 'placed');
      return {
        write: async (trx) => {
          if (mail) await app.mailer.enqueueIn(trx, mail);
        },
        committed() {
          app.metrics.ordersPlaced.inc();
          app.mailer.wake();
        },
      };
    },
  };
}
