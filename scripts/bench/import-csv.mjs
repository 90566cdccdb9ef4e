#!/usr/bin/env node
// The product CSV import through the real route: a generated file of N rows is streamed to
// POST /api/service/import?dryRun=false on a started server; reports the seconds and the server's
// peak RSS (VmRSS sampled every 50 ms) next to its RSS before the upload.
//   node scripts/bench/import-csv.mjs [--rows 10000,100000] [--engine sqlite|postgres] [--mode source|dist]
// `npm run bench -- --import` runs it on the production build (see run.mjs).
import { createReadStream, createWriteStream, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { freshPostgres, signUp, startServer, tempDataDir } from '../lib/server-process.mjs';

const ADMIN = 'bench.import@example.com';
const env = { ADMIN_EMAILS: ADMIN, BETTER_AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-01', LOG_LEVEL: 'warn' };

function rssMiB(pid) {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
  } catch {
    return NaN;
  }
}

/** Writes a CSV of `rows` products (about 150 bytes each) without holding it in memory. */
async function writeCsv(file, rows, categories, prefix) {
  function* lines() {
    yield 'sku,name,description,price,minimumOrderQuantity,availableQuantity,brand,category,img,images,attr:Thread,attr:Length\r\n';
    for (let i = 0; i < rows; i++) {
      const category = categories.length ? categories[i % categories.length] : '';
      yield `${prefix}-${i},Bench part ${i % 100000},"Generated part ${i}, zinc-plated steel, for the import benchmark",${(1 + (i % 997) / 100).toFixed(2)},50,${1000 + (i % 5000)},Benchco,${category},https://example.com/p/${i}.png,,M${6 + (i % 10)},${10 + (i % 90)} mm\r\n`;
    }
  }
  await pipeline(Readable.from(lines()), createWriteStream(file));
}

/** Imports `rows` generated products into a fresh server; answers seconds and RSS figures. */
export async function benchImport({ rows, engine = 'sqlite', mode = 'source', adminUrl } = {}) {
  const dataDir = tempDataDir('bulkparts-bench-import-');
  const pgDb = engine === 'postgres' ? await freshPostgres(adminUrl ?? process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL) : undefined;
  const server = await startServer({ env: { ...env, DATA_DIR: dataDir, ...(pgDb ? { DATABASE_URL: pgDb.url } : {}) }, mode });
  try {
    const admin = await signUp(server.url, { email: ADMIN, dataDir });
    const categories = (await (await fetch(`${server.url}/api/categories`)).json()).map((c) => c.slug);
    const file = path.join(dataDir, 'import.csv');
    await writeCsv(file, rows, categories, 'BENCH');
    const bytes = statSync(file).size;
    const rssBefore = rssMiB(server.pid);
    let peak = rssBefore;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMiB(server.pid))), 50);
    const started = performance.now();
    const res = await fetch(`${server.url}/api/service/import?dryRun=false`, {
      method: 'POST',
      headers: { cookie: admin.cookie, origin: server.url, 'content-type': 'text/csv', 'content-length': String(bytes) },
      body: Readable.toWeb(createReadStream(file)),
      duplex: 'half',
    });
    const body = await res.json();
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    peak = Math.max(peak, rssMiB(server.pid));
    if (res.status !== 200 || body.created !== rows) throw new Error(`import answered ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
    // The same file again: every row exists and is unchanged (the re-import path).
    const againStarted = performance.now();
    const again = await fetch(`${server.url}/api/service/import?dryRun=false`, {
      method: 'POST',
      headers: { cookie: admin.cookie, origin: server.url, 'content-type': 'text/csv', 'content-length': String(bytes) },
      body: Readable.toWeb(createReadStream(file)),
      duplex: 'half',
    });
    const againBody = await again.json();
    const againSeconds = (performance.now() - againStarted) / 1000;
    if (again.status !== 200 || againBody.updated !== rows) throw new Error(`re-import answered ${again.status}`);
    peak = Math.max(peak, rssMiB(server.pid));
    return { rows, engine, mb: bytes / 1024 / 1024, seconds, againSeconds, rssBefore, rssPeak: peak };
  } finally {
    await server.kill('SIGTERM');
    await pgDb?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: { rows: { type: 'string', default: '10000,100000' }, engine: { type: 'string', default: 'sqlite' }, mode: { type: 'string', default: 'source' } },
  });
  for (const rows of values.rows.split(',').map(Number)) {
    const r = await benchImport({ rows, engine: values.engine, mode: values.mode });
    console.log(
      `${r.engine} ${r.rows} rows (${r.mb.toFixed(1)} MB): import ${r.seconds.toFixed(1)} s, re-import unchanged ${r.againSeconds.toFixed(1)} s; RSS ${r.rssBefore.toFixed(0)} MiB before, peak ${r.rssPeak.toFixed(0)} MiB`,
    );
  }
}
