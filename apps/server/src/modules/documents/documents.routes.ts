import { documentParamsSchema, idParamsSchema, productDocumentSchema } from '@bulkparts/shared';
import { currentUser } from '../../lib/current-user.js';
import { type ApiInstance } from '../../lib/validate.js';
import { responseSchema } from '../../lib/zod-json-schema.js';
import { readDocumentUpload } from './document-upload.js';
import type { DocumentsService } from './documents.service.js';

/** A title as a download's file name: what a header may carry, the rest as RFC 5987's UTF-8 form. */
function attachment(title: string): string {
  const printable = [...title].map((ch) => (ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f ? ' ' : ch)).join('');
  const name = `${printable.replace(/[\\/:*?"<>|]+/g, ' ').trim() || 'document'}.pdf`;
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * Product documents (issue 33): `POST /api/service/{id}/documents` (admins, multipart), its
 * `DELETE`, and the document's URL, which streams the PDF to whoever may see it and answers 404 to
 * anyone else (documents.service.ts says who).
 */
export default async function documentsRoutes(app: ApiInstance, opts: { documents: DocumentsService }) {
  const { documents } = opts;

  app.post(
    '/service/:id/documents',
    {
      preValidation: app.requireAdmin,
      config: { scope: 'catalog:write' },
      schema: { params: idParamsSchema, response: { 201: responseSchema(productDocumentSchema) } },
    },
    async (request, reply) => {
      let upload;
      try {
        upload = await readDocumentUpload(request);
      } catch (err) {
        // The rest of a refused body is not read: close the connection after the answer.
        reply.header('connection', 'close');
        throw err;
      }
      try {
        return reply.status(201).send(await documents.add(request.params.id, upload, currentUser(request)));
      } finally {
        await upload.dispose();
      }
    },
  );

  app.delete(
    '/service/:id/documents/:documentId',
    { preValidation: app.requireAdmin, config: { scope: 'catalog:write' }, schema: { params: documentParamsSchema } },
    async (request, reply) => {
      await documents.remove(request.params.id, request.params.documentId);
      return reply.status(204).send();
    },
  );

  // (`produces`: the media type the OpenAPI document lists for the answer, plugins/openapi.ts)
  app.get(
    '/service/:id/documents/:documentId',
    { config: { scope: 'catalog:read' }, schema: { params: documentParamsSchema, produces: ['application/pdf'] } },
    async (request, reply) => {
      const { row, object } = await documents.open(request.params.id, request.params.documentId, await request.loadUser());
      if (object.size !== undefined) reply.header('content-length', object.size);
      return (
        reply
          .header('content-type', 'application/pdf')
          .header('x-content-type-options', 'nosniff')
          .header('content-disposition', attachment(row.title))
          .header('content-security-policy', "default-src 'none'; sandbox")
          // Who may read it is decided per request: no shared cache keeps a company's document.
          .header('cache-control', 'private, no-cache')
          .send(object.body)
      );
    },
  );
}
