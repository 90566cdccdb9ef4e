import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Category, CategoryPatch } from '@bulkparts/shared';
import { productQueries } from '@/features/products/api/product-queries';
import { api } from '@/lib/api-client';
import { categoryQueries } from './categories-queries';

/** `PATCH /api/categories/:slug` (admins): rename and/or move under another parent (null: the top). */
export function updateCategory({ slug, patch }: { slug: string; patch: CategoryPatch }) {
  return api<Category>(`/api/categories/${encodeURIComponent(slug)}`, { method: 'PATCH', body: patch });
}

/** A move changes the counts up the tree and what a category filter finds: tree and products refetch. */
export function useUpdateCategory() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateCategory,
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: categoryQueries.all() }), qc.invalidateQueries({ queryKey: productQueries.all() })]),
  });
}
