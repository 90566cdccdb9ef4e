import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Company, CompanyCreate } from '@bulkparts/shared';
import { api } from '@/lib/api-client';
import { companyQueries } from './company-queries';

/** `POST /api/companies`: the caller becomes its company admin (409 when they already belong to one). */
export function createCompany(input: CompanyCreate): Promise<Company> {
  return api<Company>('/api/companies', { method: 'POST', body: input });
}

export function useCreateCompany() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: createCompany, onSuccess: () => qc.invalidateQueries({ queryKey: companyQueries.all() }) });
}
