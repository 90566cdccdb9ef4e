import { useMutation, useQueryClient } from '@tanstack/react-query';
import { productQueries } from '@/features/products/api/product-queries';
import { api } from '@/lib/api-client';
import { companyQueries } from './company-queries';

/** `DELETE /api/companies/:id/prices/:productId` (shop admins): the product is priced for the company as for anyone (less its discount) again. */
export async function removeCompanyPrice({ companyId, productId }: { companyId: string; productId: string }): Promise<void> {
  await api<null>(`/api/companies/${encodeURIComponent(companyId)}/prices/${encodeURIComponent(productId)}`, { method: 'DELETE' });
}

export function useRemoveCompanyPrice() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: removeCompanyPrice,
    onSuccess: (_none, { companyId }) =>
      Promise.all([qc.invalidateQueries({ queryKey: companyQueries.company(companyId) }), qc.invalidateQueries({ queryKey: productQueries.all() })]),
  });
}
