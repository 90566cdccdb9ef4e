import type { AuthConfig } from '@bulkparts/shared';
import { api } from '@/lib/api-client';

/** Which sign-in methods the shop offers (Google only when configured on the server). */
export function getAuthConfig(): Promise<AuthConfig> {
  return api<AuthConfig>('/api/auth-config');
}
