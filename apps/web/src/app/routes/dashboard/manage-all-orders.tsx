import { OrderAdminTable } from '@/features/admin/components/order-admin-table';

/** `/dashboard/manageallorder` (admins). */
export function Component() {
  return <OrderAdminTable />;
}
