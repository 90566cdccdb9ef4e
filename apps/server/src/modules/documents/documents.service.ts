import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import {
  DOCUMENT_MESSAGES,
  DOCUMENTS_PER_PRODUCT_MAX,
  documentFieldsSchema,
  isObjectId,
  UPLOADS_PER_HOUR_ADMIN,
  type DocumentKind,
  type ProductDocument,
} from '@bulkparts/shared';
import { AppError, notFound, validationFailed } from '../../lib/errors.js';
import { newId, nowIso } from '../../lib/ids.js';
import type { SessionUser } from '../../lib/session-user.js';
import type { CompanyDirectory } from '../companies/company-directory.js';
import type { CatalogueCache } from '../products/catalogue-cache.js';
import type { ProductsService } from '../products/products.service.js';
import type { RateLimiter } from '../rate-limit/rate-limit.service.js';
import type { ObjectStorage, StoredObject } from '../uploads/storage.js';
import type { DocumentUpload } from './document-upload.js';
import type { DocumentRow, DocumentsRepository } from './documents.repository.js';

export interface DocumentsDeps {
  repo: DocumentsRepository;
  /** Where images are kept too (ADR 0021): the data folder or the bucket. */
  storage: ObjectStorage;
  /** A document belongs to an existing product. */
  products: Pick<ProductsService, 'get'>;
  /** Who belongs to which company; which companies exist. */
  companies: Pick<CompanyDirectory, 'membershipOf' | 'knownCompanyIds'>;
  /** `GET /api/service/{id}` answers a product's documents: cleared after each change (ADR 0012). */
  cache: Pick<CatalogueCache, 'clear'>;
  rateLimiter: RateLimiter;
}

/** Who a product's documents are read for: a shop admin (all), a member of a company, or anyone (public ones). */
export type DocumentAudience = { all: true } | { companyId: string | null };

const documentUrl = (row: Pick<DocumentRow, 'product_id' | 'id'>) => `/api/service/${row.product_id}/documents/${row.id}`;

function toDocument(row: DocumentRow, companies?: string[]): ProductDocument {
  return {
    _id: row.id,
    title: row.title,
    kind: row.kind as DocumentKind,
    size: Number(row.size_bytes),
    url: documentUrl(row),
    ...(companies ? { companies } : {}),
  };
}

/**
 * Product documents (issue 33): PDFs attached to a product, public or shown only to chosen
 * companies. The one access rule: a shop admin sees every document; anyone else the public ones and
 * those shown to the company they belong to; a document they may not see is never listed, and its
 * URL answers 404, as for one that does not exist, whichever storage holds it.
 */
export function createDocumentsService({ repo, storage, products, companies, cache, rateLimiter }: DocumentsDeps) {
  async function audienceOf(user: SessionUser | null): Promise<DocumentAudience> {
    if (!user) return { companyId: null };
    if (user.role === 'admin') return { all: true };
    return { companyId: (await companies.membershipOf(user.id))?.companyId ?? null };
  }

  async function released(keys: readonly string[]): Promise<void> {
    for (const key of keys) await storage.delete(key);
  }

  return {
    audienceOf,

    /** A product's documents the caller may see (with their companies, for a shop admin). */
    async visibleFor(productId: string, user: SessionUser | null): Promise<ProductDocument[]> {
      const audience = await audienceOf(user);
      const rows = await repo.ofProduct(productId, audience);
      if (!('all' in audience)) return rows.map((r) => toDocument(r));
      const companiesOf = await repo.companiesOf(rows.map((r) => r.id));
      return rows.map((r) => toDocument(r, companiesOf.get(r.id) ?? []));
    },

    /** The PDF behind a document's URL, for whoever may see it; 404 for anyone else and for a missing file. */
    async open(productId: string, documentId: string, user: SessionUser | null): Promise<{ row: DocumentRow; object: StoredObject }> {
      const row = isObjectId(documentId) ? await repo.findById(documentId) : undefined;
      if (!row || row.product_id !== productId) throw notFound('Document');
      if (Number(row.public) !== 1) {
        const audience = await audienceOf(user);
        const allowed = 'all' in audience || (audience.companyId !== null && (await repo.shownTo(row.id, audience.companyId)));
        if (!allowed) throw notFound('Document');
      }
      const object = await storage.get(row.storage_key);
      if (!object) throw notFound('Document');
      return { row, object };
    },

    /** `POST /api/service/{id}/documents` (admins): the spooled PDF into storage, then its row; the caller disposes of the upload. */
    async add(productId: string, upload: DocumentUpload, user: SessionUser): Promise<ProductDocument> {
      await products.get(productId);
      await rateLimiter.consume([{ name: 'upload:account', rule: { max: UPLOADS_PER_HOUR_ADMIN, windowSeconds: 3600 }, subject: user.id }]);
      const parsed = documentFieldsSchema.safeParse({ ...upload.fields, companies: [...new Set(upload.fields.companies)] });
      if (!parsed.success) {
        const fields: Record<string, string> = {};
        for (const issue of parsed.error.issues) fields[String(issue.path[0] ?? 'file')] ??= issue.message;
        throw validationFailed(fields);
      }
      if (!upload.file) throw validationFailed({ file: DOCUMENT_MESSAGES.noFile });
      const { title, kind, companies: companyIds } = parsed.data;
      const known = await companies.knownCompanyIds(companyIds);
      if (companyIds.some((id) => !known.has(id))) throw validationFailed({ companies: DOCUMENT_MESSAGES.unknownCompany });
      if ((await repo.countOfProduct(productId)) >= DOCUMENTS_PER_PRODUCT_MAX) throw new AppError('CONFLICT', DOCUMENT_MESSAGES.full);

      const key = `doc-${randomBytes(16).toString('hex')}.pdf`;
      await storage.putStream(key, createReadStream(upload.file.path), upload.file.size, 'application/pdf');
      const row: DocumentRow = {
        id: newId(),
        product_id: productId,
        title,
        kind,
        size_bytes: upload.file.size,
        storage_key: key,
        public: companyIds.length ? 0 : 1,
        created_by: user.id,
        created_at: nowIso(),
      };
      try {
        await repo.insert(row, companyIds);
      } catch (err) {
        await storage.delete(key);
        throw err;
      }
      cache.clear();
      return toDocument(row, companyIds);
    },

    /** `DELETE /api/service/{id}/documents/{documentId}` (admins): the row, then the file. */
    async remove(productId: string, documentId: string): Promise<void> {
      const row = isObjectId(documentId) ? await repo.findById(documentId) : undefined;
      if (!row || row.product_id !== productId) throw notFound('Document');
      await released(await repo.delete([row.id]));
      cache.clear();
    },

    /** A deleted product's documents go with it (the products admin service calls this after the delete). */
    async removeAllOf(productId: string): Promise<void> {
      await released(await repo.delete(await repo.idsOfProduct(productId)));
    },
  };
}

export type DocumentsService = ReturnType<typeof createDocumentsService>;
