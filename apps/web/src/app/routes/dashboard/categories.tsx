import { CategoryAdmin } from '@/features/categories/components/category-admin';

/** `/dashboard/categories` (admins). */
export function Component() {
  return <CategoryAdmin />;
}
