import { ProductAdminTable } from '@/features/admin/components/product-admin-table';

/** `/dashboard/allproduct` (admins). */
export function Component() {
  return <ProductAdminTable />;
}
