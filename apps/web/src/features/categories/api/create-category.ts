import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Category, CategoryInput } from '@bulkparts/shared';
import { productQueries } from '@/features/products/api/product-queries';
import { api } from '@/lib/api-client';
import { categoryQueries } from './categories-queries';

/** `POST /api/categories` (admins): `slug` defaults to the name slugified on the server. */
export function createCategory(input: CategoryInput) {
  return api<Category>('/api/categories', { method: 'POST', body: input });
}

/** The tree and every product list (which shows categories and filters by them) are refetched. */
export function useCreateCategory() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createCategory,
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: categoryQueries.all() }), qc.invalidateQueries({ queryKey: productQueries.all() })]),
  });
}
