import type { Category } from '@bulkparts/shared';
import { api } from '@/lib/api-client';

/** `GET /api/categories`: the whole tree as a flat array, parents first, with product counts. */
export function getCategories(): Promise<Category[]> {
  return api<Category[]>('/api/categories');
}
