import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TaxRateAnswer, TaxRatesPut } from '@bulkparts/shared';
import { api } from '@/lib/api-client';
import { taxQueries } from './tax-queries';

/** `PUT /api/tax/rates` (shop admins): the whole set. */
export function saveTaxRates(input: TaxRatesPut): Promise<{ rates: TaxRateAnswer[] }> {
  return api<{ rates: TaxRateAnswer[] }>('/api/tax/rates', { method: 'PUT', body: input });
}

export function useSaveTaxRates() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: saveTaxRates, onSuccess: () => qc.invalidateQueries({ queryKey: taxQueries.all() }) });
}
