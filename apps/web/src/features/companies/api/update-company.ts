import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SHOP_ADMIN_COMPANY_FIELDS, type Company, type CompanyUpdate } from '@bulkparts/shared';
import { productQueries } from '@/features/products/api/product-queries';
import { api } from '@/lib/api-client';
import { companyQueries } from './company-queries';

/**
 * `PATCH /api/companies/:id`: a company admin changes name, tax id and billing address; a shop admin
 * also terms, credit limit and discount (anyone else sending those gets a 403 naming them).
 */
export function updateCompany({ id, ...changes }: CompanyUpdate & { id: string }): Promise<Company> {
  return api<Company>(`/api/companies/${encodeURIComponent(id)}`, { method: 'PATCH', body: changes });
}

export function useUpdateCompany() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateCompany,
    // A discount changes what the company's members pay: the catalogue's prices too.
    onSuccess: (_company, changes) =>
      Promise.all([
        qc.invalidateQueries({ queryKey: companyQueries.all() }),
        SHOP_ADMIN_COMPANY_FIELDS.some((f) => f in changes) ? qc.invalidateQueries({ queryKey: productQueries.all() }) : undefined,
      ]),
  });
}
