import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { punchoutConfigPath, punchoutQueries } from './punchout-queries';

/** `DELETE /api/companies/:id/punchout`: punchout off for the company (its log and orders stay). */
export function deletePunchoutConfig(companyId: string): Promise<void> {
  return api<void>(punchoutConfigPath(companyId), { method: 'DELETE' });
}

export function useDeletePunchoutConfig() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deletePunchoutConfig,
    onSuccess: (_done, companyId) => qc.setQueryData(punchoutQueries.config(companyId).queryKey, null),
  });
}
