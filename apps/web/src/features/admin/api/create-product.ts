import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Product, ProductInput } from '@bulkparts/shared';
import { categoryQueries } from '@/features/categories/api/categories-queries';
import { productQueries } from '@/features/products/api/product-queries';
import { api } from '@/lib/api-client';

export function createProduct(input: ProductInput) {
  return api<Product>('/api/service', { method: 'POST', body: input });
}

/** Every product list (storefront and admin) and the category counts are refetched after a change. */
export function useCreateProduct() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createProduct,
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: productQueries.all() }), qc.invalidateQueries({ queryKey: categoryQueries.all() })]),
  });
}
