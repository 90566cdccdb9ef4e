import { RequireAdmin } from '@/features/auth/components/require-auth';
import { ReturnsAdmin } from '@/features/returns/components/returns-admin';

/**
 * `/dashboard/returns` (shop admins, issue 31): returns to approve or reject, to receive (the
 * credit note and its refund follow), and refunds to send again. Loaded lazily by company-area.tsx.
 */
export function Component() {
  return (
    <RequireAdmin>
      <ReturnsAdmin />
    </RequireAdmin>
  );
}
