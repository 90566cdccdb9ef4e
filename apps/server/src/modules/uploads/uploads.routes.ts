import path from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { PHOTO_MAX_BYTES } from '@bulkparts/shared';
import { createLocalDiskStorage, type ObjectStorage } from './storage.js';
import { createUploadsRepository } from './uploads.repository.js';
import { createUploadsService, type UploadsService } from './uploads.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    storage: ObjectStorage;
    uploads: UploadsService;
  }
}

/** An upload nothing shows is kept this long (a product form may still be filled in), then swept. */
const SWEEP_GRACE_MS = 24 * 60 * 60 * 1000;
const SWEEP_EVERY_MS = 60 * 60 * 1000;

/**
 * The upload storage (`app.storage`), multipart parsing, and `GET /uploads/:key`. Uploaded files
 * are served with their sniffed type, `nosniff`, `inline` and a CSP that forbids everything, so an
 * upload can never run as a page. Keys are content hashes, so they can be cached for a year.
 */
export default fp<{ dataDir: string }>(async function uploadsPlugin(app: FastifyInstance, opts) {
  app.decorate('storage', createLocalDiskStorage(path.join(opts.dataDir, 'uploads')));
  const uploads = createUploadsService({ repo: createUploadsRepository(app.database.db), storage: app.storage, rateLimiter: app.rateLimiter });
  app.decorate('uploads', uploads);
  const sweep = () =>
    void uploads
      .sweep(new Date(Date.now() - SWEEP_GRACE_MS).toISOString())
      .catch((err: unknown) => app.log.warn({ err }, 'upload sweep failed; the next round retries'));
  const timer = setInterval(sweep, SWEEP_EVERY_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
  // One byte more than the limit reaches us so an oversize file is told apart (413).
  await app.register(multipart, { limits: { fileSize: PHOTO_MAX_BYTES, files: 1, fields: 5, parts: 6 } });

  app.get('/uploads/:key', async (request, reply) => {
    const { key } = request.params as { key: string };
    const object = await app.storage.get(key);
    if (!object) return reply.status(404).send({ error: 'NOT_FOUND', message: 'File not found' });
    return reply
      .header('content-type', object.contentType)
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', 'inline')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(object.bytes);
  });
});
