import { useQuery } from '@tanstack/react-query';
import type { Product } from '@bulkparts/shared';
import { api } from '@/lib/api-client';

export const productQueryKey = (id: string) => ['products', 'detail', id] as const;

export function getProduct(id: string): Promise<Product> {
  return api<Product>(`/api/service/${encodeURIComponent(id)}`);
}

export function useProduct(id: string) {
  return useQuery({ queryKey: productQueryKey(id), queryFn: () => getProduct(id) });
}
