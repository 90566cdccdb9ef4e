import { useMutation, useQueryClient } from '@tanstack/react-query';
import { productQueries } from '@/features/products/api/product-queries';
import { api } from '@/lib/api-client';

/** A product that has orders is archived instead of deleted. */
export function deleteProduct(id: string) {
  return api<{ deleted: boolean; archived: boolean }>(`/api/service/${id}`, { method: 'DELETE' });
}

/** Every product list (storefront and admin) is refetched after a change. */
export function useDeleteProduct() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteProduct, onSuccess: () => qc.invalidateQueries({ queryKey: productQueries.all() }) });
}
