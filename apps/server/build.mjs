// Bundles the server and the shared package into dist/server.js; npm dependencies stay external
// (native better-sqlite3, and they are installed anyway). The invoice renderer's worker thread is
// its own entry, dist/invoice-worker.js, found next to server.js (modules/payments/invoice-renderer.ts),
// and so is the catalogue's reader thread, dist/catalogue-reader-worker.js (modules/products/catalogue-reader-pool.ts).
import { build } from 'esbuild';

await build({
  entryPoints: {
    server: 'src/server.ts',
    'invoice-worker': 'src/modules/payments/invoice-worker.ts',
    'catalogue-reader-worker': 'src/modules/products/catalogue-reader-worker.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'externalize-npm-packages',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@bulkparts/') ? undefined : { path: args.path, external: true }));
      },
    },
  ],
});
