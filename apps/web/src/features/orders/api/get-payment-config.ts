import { paymentConfigSchema, type PaymentConfig } from '@bulkparts/shared/payment';
import { api } from '@/lib/api-client';

/** `GET /api/payment-config`: which payment panel to show (the test card gateway or Stripe). */
export async function getPaymentConfig(): Promise<PaymentConfig> {
  return paymentConfigSchema.parse(await api<unknown>('/api/payment-config'));
}
