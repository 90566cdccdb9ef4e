import { formatQuantity } from '@bulkparts/shared';
import type { FastifyInstance } from 'fastify';
import { renderMail } from '../mail/templates.js';
import type { OrderNotifier } from './orders.service.js';

const MAILED: Partial<Record<Parameters<OrderNotifier>[1], string>> = {
  placed: 'placed',
  paid: 'paid',
  shipped: 'shipped',
  cancelled: 'cancelled',
  refunded: 'refunded',
};

/**
 * The buyer hears about every step of an order. Mail goes through the outbox (retried), so a
 * mail server that is down never fails the order itself.
 */
export function createOrderNotifier(app: FastifyInstance, publicUrl: string): OrderNotifier {
  return (order, event) => {
    if (event === 'placed') app.metrics.ordersPlaced.inc();
    const verb = MAILED[event];
    if (!verb) return;
    const mail = renderMail({
      to: order.userEmail,
      subject: `Your order for ${order.Name} was ${verb}`,
      greeting: 'Hello,',
      lines: [
        `Your order of ${formatQuantity(order.quantity)} ${order.Name} ($${order.total.toFixed(2)}) was ${verb}.`,
        `Order: ${order._id}`,
      ],
      action: { label: 'See your orders', url: `${publicUrl}/dashboard/myorders` },
    });
    app.mailer.send(mail).catch((error: unknown) => app.log.error({ err: error }, 'order mail failed'));
  };
}
