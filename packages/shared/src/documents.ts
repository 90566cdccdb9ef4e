/** Product documents' kinds and sizes as people read them (issue 33); zod-free, for the product page. */
export const DOCUMENT_KINDS = ['datasheet', 'certificate', 'drawing', 'other'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];
export const DOCUMENT_KIND_LABELS: Record<DocumentKind, string> = {
  datasheet: 'Datasheet',
  certificate: 'Certificate',
  drawing: 'Drawing',
  other: 'Document',
};

/** '1.2 MB', '340 kB': a document's size as the product page lists it. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  if (bytes < 1_000_000) return `${Math.round(bytes / 1000)} kB`;
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}
