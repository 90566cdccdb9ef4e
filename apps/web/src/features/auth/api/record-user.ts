import type { Role } from '@bulkparts/shared';
import { api } from '@/lib/api-client';

/** The spec's `PUT /api/user/{email}` after sign-in: records the signed-in user, answers the role. */
export function recordSignedInUser(email: string): Promise<{ role: Role }> {
  return api<{ role: Role }>(`/api/user/${encodeURIComponent(email)}`, { method: 'PUT', body: { email } });
}
