import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Company } from '@bulkparts/shared';
import { productQueries } from '@/features/products/api/product-queries';
import { api, ApiClientError } from '@/lib/api-client';
import { CART_ROOT } from '@/lib/query-roots';
import { companyQueries } from './company-queries';

/** `POST /api/invitations/:token/accept`: the signed-in user (with the invited address) joins; answers the company. */
export function acceptInvitation(token: string): Promise<Company> {
  return api<Company>(`/api/invitations/${encodeURIComponent(token)}/accept`, { method: 'POST', body: {} });
}

export function useAcceptInvitation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: acceptInvitation,
    // A member sees the company's prices in the catalogue and the cart from now on.
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: companyQueries.all() }),
        qc.invalidateQueries({ queryKey: productQueries.all() }),
        // The cart sits above companies (it reads the company's addresses): refreshed by its root.
        qc.invalidateQueries({ queryKey: CART_ROOT }),
      ]),
    // 409: used, expired or revoked meanwhile: the page reads the invitation again.
    onError: (err, token) =>
      err instanceof ApiClientError && err.status === 409 ? qc.invalidateQueries({ queryKey: companyQueries.invitation(token).queryKey }) : undefined,
  });
}
