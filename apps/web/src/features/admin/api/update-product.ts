import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Product, ProductPatch } from '@bulkparts/shared';
import { categoryQueries } from '@/features/categories/api/categories-queries';
import { productQueries } from '@/features/products/api/product-queries';
import { api } from '@/lib/api-client';

export function updateProduct({ id, patch }: { id: string; patch: ProductPatch }) {
  return api<Product>(`/api/service/${id}`, { method: 'PATCH', body: patch });
}

/** Every product list (storefront and admin) and the category counts are refetched after a change. */
export function useUpdateProduct() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateProduct,
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: productQueries.all() }), qc.invalidateQueries({ queryKey: categoryQueries.all() })]),
  });
}
