import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Product, ProductSort } from '@bulkparts/shared';
import { TOTAL_COUNT_HEADER } from '@bulkparts/shared/constants';
import { apiRequest, queryString } from '@/lib/api-client';

export interface ProductListParams {
  q?: string;
  page?: number;
  limit?: number;
  sort?: ProductSort;
}

export async function getProducts(params: ProductListParams): Promise<{ items: Product[]; total: number }> {
  const { data, headers } = await apiRequest<Product[]>(`/api/service${queryString({ ...params })}`);
  return { items: data, total: Number(headers.get(TOTAL_COUNT_HEADER) ?? data.length) };
}

export const productsQueryKey = (params: ProductListParams) => ['products', 'list', params] as const;

export function useProducts(params: ProductListParams) {
  return useQuery({ queryKey: productsQueryKey(params), queryFn: () => getProducts(params), placeholderData: keepPreviousData });
}
