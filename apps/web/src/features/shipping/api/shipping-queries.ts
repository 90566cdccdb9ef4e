import { queryOptions } from '@tanstack/react-query';
import type { ShippingMethodAnswer } from '@bulkparts/shared';
import { api } from '@/lib/api-client';
import { SHIPPING_ROOT } from '@/lib/query-roots';

/** `GET /api/shipping/methods` (shop admins): the shop's shipping methods, in their order. */
export function getShippingMethods(): Promise<ShippingMethodAnswer[]> {
  return api<ShippingMethodAnswer[]>('/api/shipping/methods');
}

const ALL = SHIPPING_ROOT;

/** The shipping methods in the cache (issue 30, ADR 0010). */
export const shippingQueries = {
  all: () => ALL,
  methods: () => queryOptions({ queryKey: [...ALL, 'methods'] as const, queryFn: getShippingMethods }),
};
