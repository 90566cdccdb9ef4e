import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { authQueries } from './auth-queries';

export function disableTwoFactor(password: string): Promise<unknown> {
  return api('/api/auth/two-factor/disable', { method: 'POST', body: { password } });
}

export function useDisableTwoFactor() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: disableTwoFactor, onSuccess: () => qc.invalidateQueries({ queryKey: authQueries.session().queryKey }) });
}
