import { UserAdminTable } from '@/features/admin/components/user-admin-table';

/** `/dashboard/makeadmin` (admins). */
export function Component() {
  return <UserAdminTable />;
}
