import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ShippingMethodAnswer, ShippingMethodsInput } from '@bulkparts/shared';
import { api } from '@/lib/api-client';
import { cartQueries } from '@/features/cart/api/cart-queries';
import { shippingQueries } from './shipping-queries';

/** `PUT /api/shipping/methods` (shop admins): the whole set, replaced. */
export function saveShippingMethods(input: ShippingMethodsInput): Promise<ShippingMethodAnswer[]> {
  return api<ShippingMethodAnswer[]>('/api/shipping/methods', { method: 'PUT', body: input });
}

/** The methods answered are the cache's; a cart's shipping options are priced again. */
export function useSaveShippingMethods() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: saveShippingMethods,
    onSuccess: (methods) => {
      qc.setQueryData(shippingQueries.methods().queryKey, methods);
      void qc.invalidateQueries({ queryKey: [...cartQueries.all(), 'shipping-options'] });
    },
  });
}
