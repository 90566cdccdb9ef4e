import { useLocation } from 'react-router';
import { AdminInbox } from '@/features/admin/components/admin-inbox';
import { AdminOverviewPanel } from '@/features/admin/components/admin-overview';
import { useSession } from '@/features/auth/api/auth-queries';
import { ProfileCard } from '@/features/profile/components/profile-card';

/**
 * Dashboard index: My Profile for buyers; for admins (issue 33) the operator's inbox and the shop
 * overview, their own profile being at `/dashboard/profile` with their other buying pages.
 */
export function Component() {
  const session = useSession();
  const ownProfile = useLocation().pathname.toLowerCase().startsWith('/dashboard/profile');
  if (session.data?.user.role === 'admin' && !ownProfile) {
    return (
      <div className="space-y-6">
        <AdminInbox />
        <AdminOverviewPanel />
      </div>
    );
  }
  return <ProfileCard />;
}
