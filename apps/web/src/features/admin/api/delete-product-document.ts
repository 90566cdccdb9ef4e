import { useMutation, useQueryClient } from '@tanstack/react-query';
import { productQueries } from '@/features/products/api/product-queries';
import { api } from '@/lib/api-client';

/** `DELETE /api/service/{id}/documents/{documentId}` (admins). */
export function deleteProductDocument({ productId, documentId }: { productId: string; documentId: string }): Promise<void> {
  return api<void>(`/api/service/${productId}/documents/${documentId}`, { method: 'DELETE' });
}

export function useDeleteProductDocument() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteProductDocument,
    onSettled: (_d, _e, input) => qc.invalidateQueries({ queryKey: productQueries.detail(input.productId).queryKey }),
  });
}
