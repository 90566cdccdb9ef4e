import { queryOptions } from '@tanstack/react-query';
import { getPaymentConfig } from './get-payment-config';
import { PAYMENTS_ROOT } from '@/lib/query-roots';

const ALL = PAYMENTS_ROOT;

/** The payment provider the server chose; apart from orders, so paying one does not refetch it. */
export const paymentQueries = {
  all: () => ALL,
  // Chosen once when the server starts, so it never goes stale during a visit.
  config: () => queryOptions({ queryKey: [...ALL, 'config'] as const, queryFn: getPaymentConfig, staleTime: Infinity }),
};
