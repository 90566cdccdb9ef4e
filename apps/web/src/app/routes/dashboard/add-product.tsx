import { AddProductForm } from '@/features/admin/components/add-product-form';

/** `/dashboard/addproduct` (admins). */
export function Component() {
  return <AddProductForm />;
}
