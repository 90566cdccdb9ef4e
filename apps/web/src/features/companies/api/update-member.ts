import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Member, MemberUpdateValues } from '@bulkparts/shared';
import { api } from '@/lib/api-client';
import { companyQueries } from './company-queries';

/** `PATCH /api/companies/:id/members/:userId`: role and/or spending limit (dollars, null = none). 409: last admin, own role. */
export function updateMember({ companyId, userId, ...changes }: MemberUpdateValues & { companyId: string; userId: string }): Promise<Member> {
  return api<Member>(`/api/companies/${encodeURIComponent(companyId)}/members/${encodeURIComponent(userId)}`, { method: 'PATCH', body: changes });
}

export function useUpdateMember() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: updateMember, onSuccess: () => qc.invalidateQueries({ queryKey: companyQueries.all() }) });
}
