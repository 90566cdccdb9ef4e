import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { apiErrorSchema, PRODUCT_IMPORT_MAX_BYTES, productImportQuerySchema, productImportRejectedSchema, productImportResultSchema } from '@bulkparts/shared';
import { AppError } from '../../lib/errors.js';
import { type ApiInstance } from '../../lib/validate.js';
import { responseSchema } from '../../lib/zod-json-schema.js';
import type { ProductExportService } from './product-export.service.js';
import type { ProductImportService } from './product-import.service.js';
import { tooLarge } from './product-csv-reader.js';

const CSV_TYPES = new Set(['text/csv', 'application/csv', 'text/plain']);

/**
 * The catalogue as a CSV file (admins): `POST /api/service/import` and `GET /api/service/export.csv`.
 * This plugin's scope parses no body: every content type is handed on as the raw stream, which
 * the import spools to disk, so neither a CSV nor a mislabelled 64 MB JSON body is held in memory.
 * The type is checked in the handler, after the admin guard: a stranger gets 401, not 415.
 */
export default async function productCsvRoutes(app: ApiInstance, opts: { importer: ProductImportService; exporter: ProductExportService }) {
  const { importer, exporter } = opts;
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

  app.post(
    '/service/import',
    {
      preValidation: app.requireAdmin,
      config: { scope: 'catalog:write' },
      bodyLimit: PRODUCT_IMPORT_MAX_BYTES,
      schema: {
        querystring: productImportQuerySchema,
        // A rejected file's 400 carries the result too; the error handler's other 400s are ApiError (the first branch).
        response: { 200: responseSchema(productImportResultSchema), 400: responseSchema(z.union([apiErrorSchema, productImportRejectedSchema])) },
      },
    },
    async (request, reply) => {
      const type = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
      if (!CSV_TYPES.has(type)) {
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the file as text/csv (a UTF-8 CSV with a header row)');
      }
      const declared = Number(request.headers['content-length']);
      if (declared > PRODUCT_IMPORT_MAX_BYTES) {
        // Unread, the rest of the body would keep the connection busy: close it after the answer.
        reply.header('connection', 'close');
        throw tooLarge(PRODUCT_IMPORT_MAX_BYTES);
      }
      if (!(request.body instanceof Readable)) throw new AppError('BAD_REQUEST', 'The file is empty: it needs a header row and one row per product');
      const { dryRun } = request.query;
      let result;
      try {
        result = await importer.importCsv(request.body, { dryRun });
      } catch (err) {
        if (err instanceof AppError && err.code === 'PAYLOAD_TOO_LARGE') reply.header('connection', 'close');
        throw err;
      }
      if (!dryRun && result.errors.length) {
        const fields: Record<string, string> = {};
        for (const e of result.errors) fields[e.column || 'file'] ??= `Row ${e.row}: ${e.message}`;
        const rows = new Set(result.errors.map((e) => e.row)).size;
        return (reply as FastifyReply).status(400).send({
          error: 'VALIDATION_FAILED',
          message: `${rows === 1 ? 'A row has' : `${rows} rows have`} errors; nothing was imported`,
          fields,
          ...result,
        });
      }
      return result;
    },
  );

  app.get(
    '/service/export.csv',
    { preValidation: app.requireAdmin, config: { scope: 'catalog:read' }, schema: { produces: ['text/csv'] } },
    async (_request, reply) =>
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="products.csv"')
        .header('cache-control', 'no-store')
        .send(await exporter.exportCsv()),
  );
}
