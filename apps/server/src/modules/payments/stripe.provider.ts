import Stripe from 'stripe';
import { centsToE4, E4_PER_CENT, formatQuantity, formatUnitPrice } from '@bulkparts/shared';
import { AppError } from '../../lib/errors.js';
import { WebhookSignatureError, type PaymentConfirmation, type PaymentProvider, type VerifiedWebhookEvent } from './payment-provider.js';

export interface StripeProviderConfig {
  secretKey: string;
  webhookSecret: string;
  /** Overrides https://api.stripe.com (tests point it at a local fake). */
  apiBase?: string | undefined;
}

/** Events after which a Checkout Session's money is in: card payments and delayed methods. */
const PAID_EVENTS = new Set(['checkout.session.completed', 'checkout.session.async_payment_succeeded']);

/**
 * One Checkout line item. Stripe's `unit_amount` is whole cents: a line whose unit price has a
 * fraction of a cent (issue 30) is sent as one item of its rounded line total, named with its
 * pieces and unit price, so the items add up to exactly what the order charges.
 */
function stripeLineItem(l: { name: string; quantity: number; unitPriceE4: number; lineTotalCents: number }) {
  if (l.unitPriceE4 % E4_PER_CENT === 0) {
    return { quantity: l.quantity, price_data: { currency: 'usd', unit_amount: l.unitPriceE4 / E4_PER_CENT, product_data: { name: l.name } } };
  }
  const name = `${l.name} (${formatQuantity(l.quantity)} × ${formatUnitPrice(l.unitPriceE4)})`;
  return { quantity: 1, price_data: { currency: 'usd', unit_amount: l.lineTotalCents, product_data: { name } } };
}

/**
 * Stripe Checkout: the buyer pays on Stripe's page and the order becomes paid only from a webhook
 * whose signature is verified on the raw body (the redirect back proves nothing).
 */
export function createStripeProvider(config: StripeProviderConfig): PaymentProvider {
  const base = config.apiBase ? new URL(config.apiBase) : undefined;
  const stripe = new Stripe(config.secretKey, {
    maxNetworkRetries: 2,
    timeout: 15_000,
    ...(base
      ? {
          host: base.hostname,
          port: Number(base.port || (base.protocol === 'https:' ? 443 : 80)),
          protocol: base.protocol.replace(':', '') as 'http' | 'https',
        }
      : {}),
  });

  return {
    name: 'stripe',
    async initiate(order, _input, urls) {
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          customer_email: order.userEmail,
          client_reference_id: order.id,
          metadata: { orderId: order.id },
          // Stripe takes at most 100 line items; a longer order is paid as one line of its total.
          line_items: (order.lines.length === 0
            ? [{ name: order.productName, quantity: order.quantity, unitPriceE4: order.unitPriceE4, lineTotalCents: order.totalCents }]
            : order.lines.length > 100
              ? [{ name: order.productName, quantity: 1, unitPriceE4: centsToE4(order.totalCents), lineTotalCents: order.totalCents }]
              : order.lines
          ).map(stripeLineItem),
          success_url: urls.success,
          cancel_url: urls.cancel,
        },
        // One Checkout Session per order and amount, even if the buyer presses Pay twice.
        { idempotencyKey: `checkout-${order.id}-${order.totalCents}` },
      );
      if (!session.url) throw new AppError('UNAVAILABLE', 'The payment page could not be opened. Please try again.');
      return { kind: 'redirect', url: session.url, reference: session.id };
    },

    async refund(payment) {
      // Issue 31: a credit note refunds part of the payment (`amount`), once per note (its own key).
      const refund = await stripe.refunds.create(
        { payment_intent: payment.reference, metadata: { orderId: payment.orderId }, ...(payment.partial ? { amount: payment.amountCents } : {}) },
        { idempotencyKey: payment.partial ? `refund-${payment.reference}-${payment.partial.key}` : `refund-${payment.reference}` },
      );
      return { reference: refund.id };
    },

    parseWebhook(rawBody, headers): VerifiedWebhookEvent {
      const signature = headers['stripe-signature'];
      if (typeof signature !== 'string' || !signature) throw new WebhookSignatureError('Missing Stripe-Signature header');
      try {
        const event = stripe.webhooks.constructEvent(rawBody, signature, config.webhookSecret);
        return { id: event.id, type: event.type, payload: event.data.object };
      } catch {
        throw new WebhookSignatureError('Webhook signature verification failed');
      }
    },

    confirm(event): PaymentConfirmation | null {
      if (!PAID_EVENTS.has(event.type)) return null;
      const session = event.payload as Stripe.Checkout.Session;
      if (session.payment_status !== 'paid') return null;
      const orderId = session.metadata?.orderId ?? session.client_reference_id;
      if (!orderId) return null;
      const intent = session.payment_intent;
      return {
        orderId,
        reference: typeof intent === 'string' ? intent : (intent?.id ?? session.id),
        amountCents: session.amount_total ?? 0,
        cardBrand: null,
        cardLast4: null,
      };
    },
  };
}
