import { ProductImport } from '@/features/admin/components/product-import';

/** `/dashboard/import` (admins): CSV import of the catalogue. */
export function Component() {
  return <ProductImport />;
}
