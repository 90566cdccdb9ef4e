import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Invitation } from '@bulkparts/shared';
import { api } from '@/lib/api-client';
import { companyQueries } from './company-queries';

/** `DELETE /api/companies/:id/invitations/:invitationId`: the link stops working; answers the invitation, now revoked. */
export function revokeInvitation({ companyId, invitationId }: { companyId: string; invitationId: string }): Promise<Invitation> {
  return api<Invitation>(`/api/companies/${encodeURIComponent(companyId)}/invitations/${encodeURIComponent(invitationId)}`, { method: 'DELETE' });
}

export function useRevokeInvitation() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: revokeInvitation, onSuccess: (_i, { companyId }) => qc.invalidateQueries({ queryKey: companyQueries.company(companyId) }) });
}
