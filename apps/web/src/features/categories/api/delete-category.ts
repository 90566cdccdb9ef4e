import { useMutation, useQueryClient } from '@tanstack/react-query';
import { productQueries } from '@/features/products/api/product-queries';
import { api } from '@/lib/api-client';
import { categoryQueries } from './categories-queries';

/** `DELETE /api/categories/:slug` (admins): 409 while products or other categories are filed under it. */
export function deleteCategory(slug: string) {
  return api<{ deleted: boolean }>(`/api/categories/${encodeURIComponent(slug)}`, { method: 'DELETE' });
}

export function useDeleteCategory() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteCategory,
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: categoryQueries.all() }), qc.invalidateQueries({ queryKey: productQueries.all() })]),
  });
}
