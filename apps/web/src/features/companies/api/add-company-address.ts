import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CompanyAddress, CompanyAddressValues } from '@bulkparts/shared';
import { api } from '@/lib/api-client';
import { companyQueries } from './company-queries';

/** `POST /api/companies/:id/addresses` (company admins): a shipping address the members pick at checkout. */
export function addCompanyAddress({ companyId, ...input }: CompanyAddressValues & { companyId: string }): Promise<CompanyAddress> {
  return api<CompanyAddress>(`/api/companies/${encodeURIComponent(companyId)}/addresses`, { method: 'POST', body: input });
}

export function useAddCompanyAddress() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: addCompanyAddress,
    onSuccess: (_a, { companyId }) => qc.invalidateQueries({ queryKey: companyQueries.company(companyId) }),
  });
}
