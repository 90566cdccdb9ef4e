import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { companyQueries } from './company-queries';

/** `DELETE /api/companies/:id/addresses/:addressId` (company admins). */
export async function deleteCompanyAddress({ companyId, addressId }: { companyId: string; addressId: string }): Promise<void> {
  await api(`/api/companies/${encodeURIComponent(companyId)}/addresses/${encodeURIComponent(addressId)}`, { method: 'DELETE' });
}

export function useDeleteCompanyAddress() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteCompanyAddress,
    onSuccess: (_r, { companyId }) => qc.invalidateQueries({ queryKey: companyQueries.company(companyId) }),
  });
}
