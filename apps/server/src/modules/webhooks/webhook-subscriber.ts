import type { OrderStatus, WebhookEvent } from '@bulkparts/shared';
import type { EventSubscriber } from '../../db/unit-of-work.js';
import type { WebhooksService } from './webhooks.service.js';

/** The order statuses integrators hear about (issue 19); the other moves send no webhook. */
const WEBHOOK_EVENT_OF: Partial<Record<OrderStatus, WebhookEvent>> = {
  paid: 'order.paid',
  shipped: 'order.shipped',
  cancelled: 'order.cancelled',
  refunded: 'order.refunded',
};

/**
 * The facts integrators subscribe to (issue 19), as webhook deliveries written in the unit that
 * recorded them (issue 29). A payload is built only when an active endpoint wants its event.
 */
export function createWebhookSubscriber(webhooks: Pick<WebhooksService, 'enqueueIn'>): EventSubscriber {
  return {
    async 'order.placed'(uow, { order }) {
      await webhooks.enqueueIn(uow, 'order.placed', order);
    },
    async 'order.moved'(uow, { to, order }) {
      const event = WEBHOOK_EVENT_OF[to];
      if (event) await webhooks.enqueueIn(uow, event, order);
    },
    // Issue 31: every shipment, with the order as it left it.
    async 'shipment.created'(uow, { shipment, order }) {
      await webhooks.enqueueIn(uow, 'order.shipment_created', async () => ({ shipment, order: await order() }));
    },
    async 'return.requested'(uow, { ret }) {
      await webhooks.enqueueIn(uow, 'return.requested', ret);
    },
    async 'return.received'(uow, { ret }) {
      await webhooks.enqueueIn(uow, 'return.received', ret);
    },
    async 'credit_note.created'(uow, { creditNote }) {
      await webhooks.enqueueIn(uow, 'credit_note.created', creditNote);
    },
    async 'quote.requested'(uow, { quote }) {
      await webhooks.enqueueIn(uow, 'quote.requested', quote);
    },
    async 'product.low_stock'(uow, { products }) {
      for (const product of products) await webhooks.enqueueIn(uow, 'product.low_stock', product);
    },
  };
}
