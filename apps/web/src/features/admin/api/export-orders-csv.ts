import type { OrderExportQuery } from '@bulkparts/shared';
import { queryString } from '@/lib/api-client';

/** `GET /api/purchase/export.csv`: a plain link; the browser downloads it with the session cookie. */
export function ordersCsvUrl(filter: OrderExportQuery): string {
  return `/api/purchase/export.csv${queryString({ ...filter })}`;
}
