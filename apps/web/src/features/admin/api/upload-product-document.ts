import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DocumentKind, ProductDocument } from '@bulkparts/shared';
import { productQueries } from '@/features/products/api/product-queries';
import { uploadWithProgress } from '@/lib/upload-with-progress';

export interface DocumentUploadInput {
  productId: string;
  file: File;
  title: string;
  kind: DocumentKind;
  /** Company ids it is shown to; none for everyone. */
  companies: string[];
  onProgress?: (sent: number) => void;
}

/** `POST /api/service/{id}/documents` (admins, multipart): a PDF of at most 20 MB, with its title, kind and companies. */
export function uploadProductDocument({ productId, file, title, kind, companies, onProgress }: DocumentUploadInput): Promise<ProductDocument> {
  const body = new FormData();
  body.append('title', title);
  body.append('kind', kind);
  for (const c of companies) body.append('companies', c);
  body.append('file', file);
  return uploadWithProgress<ProductDocument>(`/api/service/${productId}/documents`, body, onProgress ? { onProgress } : {});
}

export function useUploadProductDocument() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: uploadProductDocument,
    onSettled: (_d, _e, input) => qc.invalidateQueries({ queryKey: productQueries.detail(input.productId).queryKey }),
  });
}
