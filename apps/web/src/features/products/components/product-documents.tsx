import type { ProductDocument } from '@bulkparts/shared';
import { DOCUMENT_KIND_LABELS, formatFileSize } from '@bulkparts/shared/documents';

/** A product's datasheets, certificates and drawings the buyer may see (issue 33), each a PDF download with its size. */
export function ProductDocuments({ documents }: { documents: readonly ProductDocument[] }) {
  if (documents.length === 0) return null;
  return (
    <section aria-labelledby="product-documents-title" className="space-y-2">
      <h2 id="product-documents-title" className="text-lg font-semibold">
        Documents
      </h2>
      <ul className="space-y-1">
        {documents.map((d) => (
          <li key={d._id} className="flex flex-wrap items-baseline gap-x-2">
            <a href={d.url} download className="link link-primary">
              {d.title}
            </a>
            <span className="text-sm text-base-content/70">
              {DOCUMENT_KIND_LABELS[d.kind]}, PDF, {formatFileSize(d.size)}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
