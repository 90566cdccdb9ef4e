import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Seller, SellerInput } from '@bulkparts/shared';
import { api } from '@/lib/api-client';
import { authQueries } from '@/features/auth/api/auth-queries';
import { settingsQueries } from './settings-queries';

/** `PUT /api/settings/seller` (shop admins). */
export function saveSeller(input: SellerInput): Promise<Seller> {
  return api<Seller>('/api/settings/seller', { method: 'PUT', body: input });
}

/** Saves the seller; the Contact and About pages' copy (`GET /api/auth-config`) is read again. */
export function useSaveSeller() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: saveSeller,
    onSuccess: (saved) => {
      qc.setQueryData(settingsQueries.seller().queryKey, saved);
      return qc.invalidateQueries({ queryKey: authQueries.config().queryKey });
    },
  });
}
