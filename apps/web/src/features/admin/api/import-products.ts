import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProductImportResult } from '@bulkparts/shared';
import { categoryQueries } from '@/features/categories/api/categories-queries';
import { productQueries } from '@/features/products/api/product-queries';
import { ApiUploadError, uploadWithProgress } from '@/lib/upload-with-progress';

export interface ImportProductsRequest {
  file: File;
  /** Check only: answers what the file would do and every row's errors, writes nothing. */
  dryRun: boolean;
  onProgress?: (sent: number) => void;
}

/** `POST /api/service/import?dryRun=…` (admins): the CSV file is the body, products matched by SKU. */
export function importProducts({ file, dryRun, onProgress }: ImportProductsRequest): Promise<ProductImportResult> {
  return uploadWithProgress<ProductImportResult>(`/api/service/import?dryRun=${dryRun}`, file, { contentType: 'text/csv', onProgress });
}

/** The row errors of a refused import (400 with the result as its body), if that is what `err` is. */
export function importErrorResult(err: unknown): ProductImportResult | null {
  if (!(err instanceof ApiUploadError) || err.status !== 400) return null;
  const body = err.body as Partial<ProductImportResult> | null;
  return body && Array.isArray(body.errors) ? { created: body.created ?? 0, updated: body.updated ?? 0, errors: body.errors } : null;
}

/** A real import writes products and may file them in categories: both roots are refetched. */
export function useImportProducts() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: importProducts,
    onSuccess: (_result, { dryRun }) =>
      dryRun ? undefined : Promise.all([qc.invalidateQueries({ queryKey: productQueries.all() }), qc.invalidateQueries({ queryKey: categoryQueries.all() })]),
  });
}

/** `GET /api/service/export.csv` (admins): a plain link; the browser sends the session cookie. */
export const CATALOGUE_CSV_URL = '/api/service/export.csv';
