// Bundles the server and the shared package into dist/server.js; npm dependencies stay external
// (native better-sqlite3, and they are installed anyway).
import { build } from 'esbuild';

await build({
  entryPoints: ['src/server.ts'],
  outfile: 'dist/server.js',
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
