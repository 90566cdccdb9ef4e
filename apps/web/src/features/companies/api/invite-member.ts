import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Invitation, InvitationCreateValues } from '@bulkparts/shared';
import { api } from '@/lib/api-client';
import { companyQueries } from './company-queries';

/** `POST /api/companies/:id/invitations`: the server mails the link. 409 when the address has an open invitation. */
export function inviteMember({ companyId, ...input }: InvitationCreateValues & { companyId: string }): Promise<Invitation> {
  return api<Invitation>(`/api/companies/${encodeURIComponent(companyId)}/invitations`, { method: 'POST', body: input });
}

export function useInviteMember() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: inviteMember, onSuccess: (_i, { companyId }) => qc.invalidateQueries({ queryKey: companyQueries.company(companyId) }) });
}
