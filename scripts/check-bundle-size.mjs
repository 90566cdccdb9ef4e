#!/usr/bin/env node
// Deterministic front-end budget: the JavaScript the home route needs before it can render
// (entry chunk, its static imports, the home route chunk and its static imports), gzip-compressed
// at level 9, each file on its own (as a browser downloads them).
//   node scripts/check-bundle-size.mjs [--dist DIR] [--json]
// GOAL_KB is the budget. LIMIT_KB is what `npm test` enforces: the figure reached plus a
// little headroom, so it can only go down (ADR 0005 says why the goal is not reached yet). Lower
// LIMIT_KB whenever the figure drops; never raise it without a note in that ADR.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';

export const GOAL_KB = 90;
export const LIMIT_KB = 102.0;

const { values: args } = parseArgs({ options: { dist: { type: 'string' }, json: { type: 'boolean', default: false } } });
const dist = path.resolve(args.dist ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/dist'));
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));

const files = new Set();
function collect(key) {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const imp of chunk.imports ?? []) collect(imp);
}
const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
collect(entryKey);
if (!manifest['src/app/routes/home.tsx']) throw new Error('the home route chunk is missing from the manifest');
collect('src/app/routes/home.tsx');

let total = 0;
const rows = [...files].map((file) => {
  const gz = gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
  total += gz;
  return { file, kb: Number((gz / 1024).toFixed(1)) };
});
const kb = Number((total / 1024).toFixed(1));
if (args.json) {
  console.log(JSON.stringify({ kb, goalKb: GOAL_KB, limitKb: LIMIT_KB, files: rows }));
} else {
  for (const r of rows) console.log(`  ${r.kb.toFixed(1).padStart(6)} kB  ${r.file}`);
  console.log(`home route initial JavaScript: ${kb.toFixed(1)} kB gzip (goal ${GOAL_KB} kB, enforced limit ${LIMIT_KB} kB)`);
  if (kb > GOAL_KB) console.log(`  goal missed by ${(kb - GOAL_KB).toFixed(1)} kB (see docs/decisions/0005-performance-budgets.md)`);
}
if (kb > LIMIT_KB) {
  console.error(`Over the enforced limit by ${(kb - LIMIT_KB).toFixed(1)} kB: something added to the first download of the home page`);
  process.exit(1);
}
