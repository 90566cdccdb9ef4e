import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CompanyPrice } from '@bulkparts/shared';
import { productQueries } from '@/features/products/api/product-queries';
import { api } from '@/lib/api-client';
import { companyQueries } from './company-queries';

/** `PUT /api/companies/:id/prices/:productId` (shop admins): the company's fixed unit price for a product, in dollars (unknown product 404). */
export function setCompanyPrice({ companyId, productId, price }: { companyId: string; productId: string; price: number }): Promise<CompanyPrice> {
  return api<CompanyPrice>(`/api/companies/${encodeURIComponent(companyId)}/prices/${encodeURIComponent(productId)}`, { method: 'PUT', body: { price } });
}

export function useSetCompanyPrice() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: setCompanyPrice,
    // The company's price list, and what its members see in the catalogue.
    onSuccess: (_price, { companyId }) =>
      Promise.all([qc.invalidateQueries({ queryKey: companyQueries.company(companyId) }), qc.invalidateQueries({ queryKey: productQueries.all() })]),
  });
}
