#!/usr/bin/env node
// Deterministic front-end budget: the JavaScript the home route needs before it can render
// (entry chunk, its static imports, the home route chunk and its static imports), gzip-compressed.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 90;
const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/dist');
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
collect('src/app/routes/home.tsx');

let total = 0;
const rows = [...files].map((file) => {
  const gz = gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
  total += gz;
  return [file, (gz / 1024).toFixed(1)];
});
for (const [file, kb] of rows) console.log(`  ${kb.padStart(6)} kB  ${file}`);
const kb = total / 1024;
console.log(`home route initial JavaScript: ${kb.toFixed(1)} kB gzip (budget ${BUDGET_KB} kB)`);
if (kb > BUDGET_KB) {
  console.error(`Over budget by ${(kb - BUDGET_KB).toFixed(1)} kB`);
  process.exit(1);
}
