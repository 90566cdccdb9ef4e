import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PunchoutConfig, PunchoutConfigInputValues } from '@bulkparts/shared';
import { api } from '@/lib/api-client';
import { punchoutConfigPath, punchoutQueries } from './punchout-queries';

/** `PUT /api/companies/:id/punchout`: sets the company's punchout up (again); secrets left out are kept. */
export function savePunchoutConfig({ companyId, input }: { companyId: string; input: PunchoutConfigInputValues }): Promise<PunchoutConfig> {
  return api<PunchoutConfig>(punchoutConfigPath(companyId), { method: 'PUT', body: input });
}

export function useSavePunchoutConfig() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: savePunchoutConfig,
    onSuccess: (config, { companyId }) => qc.setQueryData(punchoutQueries.config(companyId).queryKey, config),
  });
}
