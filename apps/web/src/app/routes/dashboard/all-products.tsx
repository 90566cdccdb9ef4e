import { ProductAdminTable } from '@/features/admin/components/product-admin-table';
import { ProductStockButton } from '@/features/warehouses/components/product-stock-dialog';

/** `/dashboard/allproduct` (admins); issue 31: each product's stock per warehouse. */
export function Component() {
  return <ProductAdminTable stockAction={(p) => <ProductStockButton product={p} />} />;
}
