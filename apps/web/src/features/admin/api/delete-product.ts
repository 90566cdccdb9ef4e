import { useMutation, useQueryClient } from '@tanstack/react-query';
import { categoryQueries } from '@/features/categories/api/categories-queries';
import { productQueries } from '@/features/products/api/product-queries';
import { api } from '@/lib/api-client';

/** A product that has orders is archived instead of deleted. */
export function deleteProduct(id: string) {
  return api<{ deleted: boolean; archived: boolean }>(`/api/service/${id}`, { method: 'DELETE' });
}

/** Every product list (storefront and admin) and the category counts are refetched after a change. */
export function useDeleteProduct() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteProduct,
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: productQueries.all() }), qc.invalidateQueries({ queryKey: categoryQueries.all() })]),
  });
}
