import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';

/**
 * Writes `file.br` and `file.gz` beside every compressible file of the build, so the server sends
 * them (`@fastify/static` `preCompressed`) without compressing per request. Lighthouse's slow-4G
 * profile made the uncompressed 300 kB entry the largest cost of the first paint.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'bulkparts-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) => {
          const file = path.join(dir, name);
          return statSync(file).isDirectory() ? walk(file) : [file];
        });
      for (const file of walk(outDir)) {
        if (!/\.(js|css|html|svg|json|txt|xml|webmanifest)$/.test(file) || file.includes(`${path.sep}.vite${path.sep}`)) continue;
        const raw = readFileSync(file);
        if (raw.length < 1024) continue;
        const br = brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } });
        const gz = gzipSync(raw, { level: 9 });
        if (br.length < raw.length) writeFileSync(`${file}.br`, br);
        if (gz.length < raw.length) writeFileSync(`${file}.gz`, gz);
      }
    },
  };
}

/**
 * React Router 7's package exports name only its development build (dev warnings and checks
 * included) for every condition (remix-run/react-router#12532, #14102): the production build
 * beside it in the package is taken by path (ADR 0005).
 */
const reactRouterProduction = fileURLToPath(new URL('../../node_modules/react-router/dist/production/index.mjs', import.meta.url));

export default defineConfig(({ command }) => ({
  plugins: [react(), tailwindcss(), precompress()],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      ...(command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : []),
    ],
  },
  server: {
    port: 5173,
    // Issue 32: punchout's routes (cXML, OCI, start links, the cart's return page) are the server's too.
    proxy: { '/api': 'http://localhost:5000', '/uploads': 'http://localhost:5000', '/punchout': 'http://localhost:5000' },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    reportCompressedSize: false,
    manifest: true,
    // terser with two passes: ~2 kB gzip less than esbuild on the first download (ADR 0005).
    minify: 'terser',
    terserOptions: { module: true, compress: { passes: 2 } },
    // Every browser we support has <link rel="modulepreload">; the polyfill would be dead weight.
    modulePreload: { polyfill: false },
  },
}));
