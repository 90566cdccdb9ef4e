import { queryOptions } from '@tanstack/react-query';
import type { Seller } from '@bulkparts/shared';
import { api } from '@/lib/api-client';
import { SETTINGS_ROOT } from '@/lib/query-roots';

/** `GET /api/settings/seller` (shop admins): the seller's identity (issue 30). */
export function getSeller(): Promise<Seller> {
  return api<Seller>('/api/settings/seller');
}

const ALL = SETTINGS_ROOT;

/** The shop's settings in the cache (issue 30, ADR 0010). */
export const settingsQueries = {
  all: () => ALL,
  seller: () => queryOptions({ queryKey: [...ALL, 'seller'] as const, queryFn: getSeller }),
};
