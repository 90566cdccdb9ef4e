import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { PHOTO_MAX_BYTES, PHOTO_TYPES } from '@bulkparts/shared';
import { UPLOAD_KEY_PATTERN } from './storage.js';

/**
 * Multipart parsing for every route, and `GET /uploads/:key`. Uploaded files
 * are served with their sniffed type, `nosniff`, `inline` and a CSP that forbids everything, so an
 * upload can never run as a page. Keys are content hashes, so they can be cached for a year.
 * From an object store (S3_*, ADR 0021) the file is streamed as it arrives, with the same headers.
 */
export default fp(
  async function uploadsPlugin(app: FastifyInstance) {
    const { storage } = app.services;
    // One byte more than the limit reaches us so an oversize file is told apart (413).
    await app.register(multipart, { limits: { fileSize: PHOTO_MAX_BYTES, files: 1, fields: 5, parts: 6 } });

    // (`produces`: the media types the OpenAPI document lists for the answer, plugins/openapi.ts)
    app.get('/uploads/:key', { schema: { produces: PHOTO_TYPES } }, async (request, reply) => {
      const { key } = request.params as { key: string };
      // Images only: a product document (issue 33) is served by its product's route to whoever may see it.
      const object = UPLOAD_KEY_PATTERN.test(key) ? await storage.get(key) : undefined;
      if (!object) return reply.status(404).send({ error: 'NOT_FOUND', message: 'File not found' });
      if (object.size !== undefined) reply.header('content-length', object.size);
      return reply
        .header('content-type', object.contentType)
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', 'inline')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(object.body);
    });
    app.addHook('onClose', async () => storage.close?.());
  },
  { name: 'uploads', dependencies: ['services'] },
);
