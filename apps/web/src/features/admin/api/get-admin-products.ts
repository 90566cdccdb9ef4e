import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { TOTAL_COUNT_HEADER, type Product } from '@bulkparts/shared';
import { apiRequest, queryString } from '@/lib/api-client';

export interface AdminProductListParams {
  q?: string;
  page?: number;
  limit?: number;
}

/** All Product: archived products included (admins only), newest first. */
export async function getAdminProducts(params: AdminProductListParams): Promise<{ items: Product[]; total: number }> {
  const { data, headers } = await apiRequest<Product[]>(`/api/service${queryString({ ...params, sort: 'newest', includeArchived: 1 })}`);
  return { items: data, total: Number(headers.get(TOTAL_COUNT_HEADER) ?? data.length) };
}

export function useAdminProducts(params: AdminProductListParams) {
  return useQuery({ queryKey: ['products', 'admin', params], queryFn: () => getAdminProducts(params), placeholderData: keepPreviousData });
}
