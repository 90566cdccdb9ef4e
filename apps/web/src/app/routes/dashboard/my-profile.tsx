import { AdminOverviewPanel } from '@/features/admin/components/admin-overview';
import { useSession } from '@/features/auth/api/auth-queries';
import { ProfileCard } from '@/features/profile/components/profile-card';

/** Dashboard index: My Profile, and for admins the shop overview below it. */
export function Component() {
  const session = useSession();
  return (
    <div className="space-y-6">
      <ProfileCard />
      {session.data?.user.role === 'admin' && <AdminOverviewPanel />}
    </div>
  );
}
