// The catalogue's requests measured layer by layer in ONE process, no load generator (issue 28,
// ADR 0027): where does a request's time go between the query and the HTTP answer?
//   query   the catalogue search service on this thread, no cache, no pool (what
//           catalogue-search-inprocess.ts and ADR 0016 measure: resolve + SQL + rows)
//   pool    the same through a reader pool of CATALOGUE_READER_THREADS workers (SQLite; on
//           PostgreSQL there is no pool, so this is the query again)
//   service the app's own products service (`app.services.products`): pool, category tree,
//           row → JSON mapping, the facet value cache, exactly as a route calls it
//   inject  `app.inject` of the URL with a changing `_n=` (the response cache misses, as in the
//           HTTP bench): routing, query validation, hooks (request id, security headers,
//           API-key check, response cache, metrics, request log), serialisation
//   injectN `app.inject` with `concurrency` requests in flight: queueing inside the server
//           alone, without autocannon's CPU beside it
// Each layer: one warm-up pass, then sequential calls cycling through the figure's queries for
// at least `--seconds` and `--min` calls (at most `--max`); p50 / p97.5 in ms.
//
// Called by catalogue-search.mjs (`--catalogue-sizes`) on a database it filled:
//   npx tsx scripts/bench/catalogue-layers.ts --data-dir <dir> [--database-url postgres://…]
//     --figures '<json {key: [query strings]}>' [--seconds 2] [--concurrency 16]
// Prints one JSON object on stdout.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { productListQuerySchema, type ProductListQuery } from '@bulkparts/shared';
import { buildApp } from '../../apps/server/src/app.js';
import { loadConfig } from '../../apps/server/src/config/env.js';
import { createDatabase } from '../../apps/server/src/db/database.js';
import { createCategoriesRepository } from '../../apps/server/src/modules/categories/categories.repository.js';
import { createCatalogueReader } from '../../apps/server/src/modules/products/catalogue-reader-pool.js';
import { createCatalogueSearchRepository } from '../../apps/server/src/modules/products/catalogue-search.repository.js';
import { createCatalogueSearch } from '../../apps/server/src/modules/products/catalogue-search.service.js';

const { values: args } = parseArgs({
  options: {
    'data-dir': { type: 'string' },
    'database-url': { type: 'string' },
    figures: { type: 'string' },
    seconds: { type: 'string', default: '2' },
    min: { type: 'string', default: '60' },
    max: { type: 'string', default: '3000' },
    concurrency: { type: 'string', default: '16' },
  },
});
if (!args['data-dir'] || !args.figures) throw new Error('--data-dir and --figures are required');
const figures = JSON.parse(args.figures) as Record<string, { kind: 'list' | 'facets'; path: string; queries: string[] }>;
const SECONDS = Number(args.seconds);
const MIN = Number(args.min);
const MAX = Number(args.max);
const CONCURRENCY = Number(args.concurrency);

// The same settings as the bench's server process (startServer in scripts/lib/server-process.mjs).
const config = loadConfig({
  ...process.env,
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  SERVE_WEB: 'false',
  HOST: '127.0.0.1',
  PUBLIC_URL: 'http://127.0.0.1:5100',
  BETTER_AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-01',
  DATA_DIR: args['data-dir'],
  ...(args['database-url'] ? { DATABASE_URL: args['database-url'] } : {}),
});
const engine = config.database.engine;
const file = config.database.engine === 'sqlite' ? config.database.file : undefined;

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? NaN;
const round = (n: number) => Math.round(n * 1000) / 1000;
const now = () => Number(process.hrtime.bigint()) / 1e6;

/** Sequential calls of `call(query)` cycling through `queries`: one warm-up pass, then timed. */
async function timed(queries: string[], call: (q: string, i: number) => Promise<unknown>) {
  let i = 0;
  for (const q of queries.slice(0, 50)) await call(q, i++);
  const times: number[] = [];
  const t0 = now();
  while ((times.length < MIN || now() - t0 < SECONDS * 1000) && times.length < MAX) {
    const q = queries[times.length % queries.length]!;
    const s = now();
    await call(q, i++);
    times.push(now() - s);
  }
  times.sort((a, b) => a - b);
  return {
    n: times.length,
    p50: round(quantile(times, 0.5)),
    p97_5: round(quantile(times, 0.975)),
    mean: round(times.reduce((a, b) => a + b, 0) / times.length),
  };
}

/** `concurrency` loops calling at once for `SECONDS`: throughput and latency under queueing. */
async function concurrent(queries: string[], call: (q: string, i: number) => Promise<unknown>) {
  let i = 0;
  const times: number[] = [];
  const t0 = now();
  const end = t0 + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (now() < end) {
        const n = i++;
        const s = now();
        await call(queries[n % queries.length]!, n);
        times.push(now() - s);
      }
    }),
  );
  const elapsed = (now() - t0) / 1000;
  times.sort((a, b) => a - b);
  return { n: times.length, rps: Math.round(times.length / elapsed), p50: round(quantile(times, 0.5)), p97_5: round(quantile(times, 0.975)) };
}

/** URLSearchParams → the object Fastify's query parser gives (repeated keys as arrays). */
function parse(q: string): ProductListQuery {
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of new URLSearchParams(q)) {
    const prev = out[k];
    out[k] = prev === undefined ? v : Array.isArray(prev) ? [...prev, v] : [prev, v];
  }
  return productListQuerySchema.parse(out) as ProductListQuery;
}

// ---- query alone, and through a reader pool ------------------------------------------------------
const database = createDatabase(config, { poolSize: 10 });
const categories = createCategoriesRepository(database.db, database.engine);
const repo = createCatalogueSearchRepository(database.db, database.engine);
const direct = createCatalogueSearch({
  reader: createCatalogueReader(repo, { engine, file, threads: 0 }),
  categoryTree: () => categories.all(),
  budgetMs: 600_000,
});
const poolReader = createCatalogueReader(repo, { engine, file, threads: config.catalogue.readerThreads });
const pooled = createCatalogueSearch({ reader: poolReader, categoryTree: () => categories.all(), budgetMs: 600_000 });
const viaSearch = (search: typeof direct, kind: 'list' | 'facets') => (q: string) => {
  const { includeArchived: _a, page: _p, limit: _l, sort: _s, ...filters } = parse(q);
  return kind === 'list' ? search.list(parse(q), false) : search.facets(filters, false);
};

// ---- the app itself ---------------------------------------------------------------------------------
const app = await buildApp({ config, seed: false });
await app.ready();
const products = app.services.products;

const out: Record<string, unknown> = { engine, loadavgBefore: readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ') };
try {
  for (const [key, f] of Object.entries(figures)) {
    const r: Record<string, unknown> = {};
    r.query = await timed(f.queries, viaSearch(direct, f.kind));
    r.pool = engine === 'sqlite' ? await timed(f.queries, viaSearch(pooled, f.kind)) : r.query;
    r.service = await timed(f.queries, (q) => {
      const query = parse(q);
      if (f.kind === 'list') return products.list(query, false);
      const { includeArchived: _a, page: _p, limit: _l, sort: _s, ...filters } = query;
      return products.facets(filters, false);
    });
    const inject = async (q: string, i: number) => {
      const res = await app.inject({ method: 'GET', url: `${f.path}?${q}${q ? '&' : ''}_n=${i}` });
      if (res.statusCode !== 200) throw new Error(`${f.path}?${q} answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
      return res;
    };
    r.inject = await timed(f.queries, inject);
    r.injectN = await concurrent(f.queries, inject);
    r.loadavg = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
    out[key] = r;
    console.error(`  layers ${key}: ${JSON.stringify(r)}`);
  }
} finally {
  await app.close();
  await poolReader.close();
  await database.close();
}
process.stdout.write(JSON.stringify(out));
// Timers of the app's background jobs are stopped by close(); a stray handle must not keep the bench waiting.
process.exit(0);
