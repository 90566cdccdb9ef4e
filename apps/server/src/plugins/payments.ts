import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config/env.js';
import { createOrderNotifier } from '../modules/orders/order-mail.js';
import { createInvoiceRenderer } from '../modules/payments/invoice-renderer.js';
import type { PaymentProvider } from '../modules/payments/payment-provider.js';
import { createInvoiceRepository, createPaymentsRepository } from '../modules/payments/payments.repository.js';
import { createPaymentsService, type PaymentsService } from '../modules/payments/payments.service.js';
import { createStripeProvider } from '../modules/payments/stripe.provider.js';
import { createTestCardProvider } from '../modules/payments/test-card.provider.js';

declare module 'fastify' {
  interface FastifyInstance {
    payments: PaymentsService;
    paymentProvider: PaymentProvider;
  }
}

/** Chooses the payment provider once from the config: Stripe when a key is set, otherwise the test card gateway. */
export default fp<{ config: AppConfig; provider?: PaymentProvider }>(async function payments(app: FastifyInstance, opts) {
  const provider = opts.provider ?? (opts.config.stripe ? createStripeProvider(opts.config.stripe) : createTestCardProvider());
  app.decorate('paymentProvider', provider);
  const invoiceRenderer = createInvoiceRenderer({ log: app.log });
  // Runs after in-flight requests are answered; renders still queued or running are time-limited.
  app.addHook('onClose', () => invoiceRenderer.close());
  app.decorate(
    'payments',
    createPaymentsService({
      repo: createPaymentsRepository(app.database.db),
      invoices: createInvoiceRepository(app.database.db),
      invoiceRenderer,
      provider,
      notify: createOrderNotifier(app, opts.config.publicUrl),
      publicUrl: opts.config.publicUrl,
      log: app.log,
    }),
  );
});
