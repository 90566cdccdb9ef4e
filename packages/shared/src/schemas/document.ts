import { z } from 'zod';
import { DOCUMENT_KINDS } from '../documents.js';

export * from '../documents.js';

/**
 * Product documents (issue 33): datasheets, certificates and drawings attached to a product, PDF
 * only, public or visible only to chosen companies. Uploaded by admins as multipart/form-data
 * (`file`, `title`, `kind`, `companies`: company ids, one field each or comma-separated, none for a
 * public document); the file is checked by its first bytes (`%PDF-`), never by its declared type.
 */
export const DOCUMENT_MAX_BYTES = 20 * 1024 * 1024;
export const DOCUMENT_TITLE_MAX_LENGTH = 120;
export const DOCUMENTS_PER_PRODUCT_MAX = 20;
/** Companies one document may be shown to. */
export const DOCUMENT_COMPANIES_MAX = 50;

export const DOCUMENT_MESSAGES = {
  notPdf: 'The document must be a PDF file',
  tooLarge: `The document must be at most ${DOCUMENT_MAX_BYTES / 1024 / 1024} MB`,
  noFile: 'Choose a PDF file to upload',
  oneFile: 'Send one file at a time',
  full: `A product has at most ${DOCUMENTS_PER_PRODUCT_MAX} documents`,
  unknownCompany: 'Unknown company',
} as const;

/** A document as answered: `url` serves the PDF to whoever may see it (404 for anyone else). */
export const productDocumentSchema = z.object({
  _id: z.string(),
  title: z.string(),
  kind: z.enum(DOCUMENT_KINDS),
  /** Bytes. */
  size: z.number().int(),
  url: z.string(),
  /** Admins only: the companies it is shown to (empty: everyone). */
  companies: z.array(z.string()).optional(),
});
export type ProductDocument = z.infer<typeof productDocumentSchema>;

/** The multipart fields beside the file, as read from the form. */
export const documentFieldsSchema = z.object({
  title: z
    .string({ error: 'Title is required' })
    .trim()
    .min(1, 'Title is required')
    .max(DOCUMENT_TITLE_MAX_LENGTH, `Title must be at most ${DOCUMENT_TITLE_MAX_LENGTH} characters`),
  kind: z.enum(DOCUMENT_KINDS, { error: `kind must be one of ${DOCUMENT_KINDS.join(', ')}` }),
  companies: z
    .array(z.string().trim().min(1).max(24, DOCUMENT_MESSAGES.unknownCompany), { error: 'companies must be company ids' })
    .max(DOCUMENT_COMPANIES_MAX, `At most ${DOCUMENT_COMPANIES_MAX} companies`),
});
export type DocumentFields = z.infer<typeof documentFieldsSchema>;

export const documentParamsSchema = z.object({ id: z.string(), documentId: z.string().max(100, 'documentId is not valid') });
