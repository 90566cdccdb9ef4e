import { useQuery } from '@tanstack/react-query';
import { paymentConfigSchema, type PaymentConfig } from '@bulkparts/shared/payment';
import { api } from '@/lib/api-client';

/** `GET /api/payment-config`: which payment panel to show (the test card gateway or Stripe). */
export async function getPaymentConfig(): Promise<PaymentConfig> {
  return paymentConfigSchema.parse(await api<unknown>('/api/payment-config'));
}

export function usePaymentConfig() {
  // Chosen once when the server starts, so it never goes stale during a visit.
  return useQuery({ queryKey: ['payment-config'], queryFn: getPaymentConfig, staleTime: Infinity });
}
