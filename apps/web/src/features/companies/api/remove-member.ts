import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { companyQueries } from './company-queries';

/** `DELETE /api/companies/:id/members/:userId` (company admins). 409 for the last company admin. */
export async function removeMember({ companyId, userId }: { companyId: string; userId: string }): Promise<void> {
  await api(`/api/companies/${encodeURIComponent(companyId)}/members/${encodeURIComponent(userId)}`, { method: 'DELETE' });
}

export function useRemoveMember() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: removeMember, onSuccess: () => qc.invalidateQueries({ queryKey: companyQueries.all() }) });
}
