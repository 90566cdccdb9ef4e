import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Serves the built single-page app from the same process as the API. Hashed assets are cached
 * for a year; index.html is revalidated so a deploy is picked up at once. Unknown non-API paths
 * answer index.html (history fallback) and the SPA shows its own 404 page. The web build writes
 * `.br`/`.gz` copies of every text file (apps/web/vite.config.ts), sent to clients that accept
 * them: no compression work per request.
 */
export default fp<{ root: string }>(async function webApp(app: FastifyInstance, opts) {
  const indexFile = path.join(opts.root, 'index.html');
  await app.register(fastifyStatic, {
    root: opts.root,
    wildcard: false,
    index: false,
    preCompressed: true,
    // Off, or `send` overwrites the header below with `public, max-age=0` after setHeaders runs.
    cacheControl: false,
    setHeaders(res, filePath) {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) res.setHeader('cache-control', 'public, max-age=31536000, immutable');
      else if (/\.html(\.br|\.gz)?$/.test(filePath)) res.setHeader('cache-control', 'no-cache');
      else res.setHeader('cache-control', 'public, max-age=3600');
      // The same URL answers br, gzip or identity bytes: caches must key on Accept-Encoding.
      res.setHeader('vary', 'accept-encoding');
    },
  });
  app.decorate('webIndexAvailable', existsSync(indexFile));
});

declare module 'fastify' {
  interface FastifyInstance {
    webIndexAvailable?: boolean;
  }
}
