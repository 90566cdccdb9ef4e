import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { TaxContext, TaxRateAnswer } from '@bulkparts/shared';
import { api } from '@/lib/api-client';
import { TAX_ROOT } from '@/lib/query-roots';

/** `GET /api/tax/rates` (shop admins): every rate, percent. */
export function getTaxRates(): Promise<{ rates: TaxRateAnswer[] }> {
  return api<{ rates: TaxRateAnswer[] }>('/api/tax/rates');
}

/** `GET /api/tax/context`: what the checkout feeds the shared `planOrder` for this ship-to (none: the seller's country). */
export function getTaxContext(country: string, region: string): Promise<TaxContext> {
  const q = new URLSearchParams();
  if (country) q.set('country', country);
  if (region) q.set('region', region);
  return api<TaxContext>(`/api/tax/context?${q.toString()}`);
}

const ALL = TAX_ROOT;

/** Tax rates and tax contexts in the cache (issue 30, ADR 0010). */
export const taxQueries = {
  all: () => ALL,
  rates: () => queryOptions({ queryKey: [...ALL, 'rates'] as const, queryFn: getTaxRates }),
  /** Kept while the next destination's loads, so the totals do not flicker as a country is typed. */
  context: (country: string, region: string) =>
    queryOptions({
      queryKey: [...ALL, 'context', country.trim().toLowerCase(), region.trim().toUpperCase()] as const,
      queryFn: () => getTaxContext(country.trim(), region.trim()),
      placeholderData: keepPreviousData,
      staleTime: 60_000,
    }),
};
