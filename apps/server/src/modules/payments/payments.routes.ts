import { idParamsSchema, paymentConfigSchema, paymentResultSchema } from '@bulkparts/shared';
import { z } from 'zod';
import { AppError } from '../../lib/errors.js';
import { currentUser } from '../../lib/current-user.js';
import { type ApiInstance } from '../../lib/validate.js';
import { responseSchema } from '../../lib/zod-json-schema.js';
import { WebhookSignatureError, type PaymentProvider } from './payment-provider.js';
import type { PaymentsService } from './payments.service.js';

/** Paying for orders, provider webhooks and invoices. */
export default async function paymentsRoutes(app: ApiInstance, opts: { payments: PaymentsService; provider: PaymentProvider }) {
  const { payments, provider } = opts;
  app.get('/payment-config', { schema: { response: { 200: responseSchema(paymentConfigSchema) } } }, async () => ({
    provider: provider.name,
  }));

  app.post(
    '/purchase/:id/pay',
    // No body schema: the body is the provider's (card fields for the test gateway, nothing for
    // Stripe), checked by the provider once the order is found, so an unknown order is a 404 first.
    { preValidation: app.requireVerifiedUser, schema: { params: idParamsSchema, response: { 200: responseSchema(paymentResultSchema) } } },
    async (request) => payments.pay(request.params.id, currentUser(request), request.body ?? {}),
  );

  app.get(
    '/purchase/:id/invoice',
    { preValidation: app.requireUser, schema: { params: idParamsSchema, produces: ['application/pdf'] } },
    async (request, reply) => {
      const { filename, pdf } = await payments.invoice(request.params.id, currentUser(request));
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );

  // The signature covers the exact bytes, so this route keeps the raw body instead of parsed JSON.
  await app.register(async (webhook) => {
    webhook.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    webhook.post(
      '/payments/webhook',
      { schema: { response: { 200: responseSchema(z.object({ received: z.literal(true), outcome: z.string() })) } } },
      async (request) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.from('');
        try {
          return await payments.handleWebhook(raw, request.headers);
        } catch (error) {
          if (error instanceof WebhookSignatureError) throw new AppError('BAD_REQUEST', error.message);
          throw error;
        }
      },
    );
  });
}
