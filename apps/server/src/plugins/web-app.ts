import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Serves the built single-page app from the same process as the API. Hashed assets are cached
 * for a year; index.html is revalidated so a deploy is picked up at once. Unknown non-API paths
 * answer index.html (history fallback) and the SPA shows its own 404 page.
 */
export default fp<{ root: string }>(async function webApp(app: FastifyInstance, opts) {
  const indexFile = path.join(opts.root, 'index.html');
  await app.register(fastifyStatic, {
    root: opts.root,
    wildcard: false,
    index: false,
    setHeaders(res, filePath) {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) res.setHeader('cache-control', 'public, max-age=31536000, immutable');
      else res.setHeader('cache-control', 'public, max-age=3600');
    },
  });
  app.decorate('webIndexAvailable', existsSync(indexFile));
});

declare module 'fastify' {
  interface FastifyInstance {
    webIndexAvailable?: boolean;
  }
}
