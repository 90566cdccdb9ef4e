import type { ShippingOption } from '@bulkparts/shared';
import { api } from '@/lib/api-client';

/** `GET /api/cart/shipping-options` (issue 30): what the cart can ship by to `country`, cheapest first; empty when none fits. */
export function getShippingOptions(country: string): Promise<ShippingOption[]> {
  return api<ShippingOption[]>(`/api/cart/shipping-options?country=${encodeURIComponent(country)}`);
}
