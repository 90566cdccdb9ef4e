import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Product } from '@bulkparts/shared';
import { productQueries } from '@/features/products/api/product-queries';
import { api } from '@/lib/api-client';

export function adjustStock({ id, delta }: { id: string; delta: number }) {
  return api<Product>(`/api/service/${id}/stock`, { method: 'POST', body: { delta } });
}

/** Every product list (storefront and admin) is refetched after a change. */
export function useAdjustStock() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: adjustStock, onSuccess: () => qc.invalidateQueries({ queryKey: productQueries.all() }) });
}
