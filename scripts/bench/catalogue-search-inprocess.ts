// In-process timings of the catalogue search service (no HTTP, no load generator): each operation
// called sequentially over many varied filters, median and p97.5 in ms, so the noise of a shared
// machine matters less than in the autocannon figures. Used for ADR 0016's before/after.
//
//   npx tsx scripts/bench/catalogue-search-inprocess.ts --engine sqlite --build   (fills /tmp/h8-100k.db)
//   npx tsx scripts/bench/catalogue-search-inprocess.ts --engine postgres --build (database h8_100k)
//   npx tsx scripts/bench/catalogue-search-inprocess.ts --engine both [--size 1000] [--rounds 3]
// PostgreSQL: next to TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test).
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { productListQuerySchema, type ProductListQuery } from '@bulkparts/shared';
import { createDatabase, type Database } from '../../apps/server/src/db/database.js';
import { migrateToLatest } from '../../apps/server/src/db/migrate.js';
import { createCategoriesRepository } from '../../apps/server/src/modules/categories/categories.repository.js';
import { createCatalogueReader } from '../../apps/server/src/modules/products/catalogue-reader-pool.js';
import { createCatalogueSearchRepository } from '../../apps/server/src/modules/products/catalogue-search.repository.js';
import { createCatalogueSearch } from '../../apps/server/src/modules/products/catalogue-search.service.js';
// @ts-expect-error: a plain .mjs without types
import { CATEGORIES, fillPostgres, fillSqlite } from './catalogue-search.mjs';

const { values: args } = parseArgs({
  options: {
    engine: { type: 'string', default: 'both' },
    size: { type: 'string', default: '100000' },
    build: { type: 'boolean', default: false },
    rounds: { type: 'string', default: '2' },
    only: { type: 'string' },
    // SQLite: read through the reader pool with this many worker threads (0: on this thread).
    threads: { type: 'string', default: '0' },
  },
});
const size = Number(args.size);
const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const pgName = `h8_${size >= 1000 ? `${size / 1000}k` : size}`;
const pgUrl = (() => {
  const u = new URL(adminUrl);
  u.pathname = `/${pgName}`;
  return u.toString();
})();
const sqliteFile = `/tmp/${pgName.replace('_', '-')}.db`;

function open(engine: 'sqlite' | 'postgres'): Database {
  return createDatabase(engine === 'postgres' ? { database: { engine, url: pgUrl } as never } : { database: { engine, file: sqliteFile } as never }, {
    poolSize: 4,
  });
}

async function build(engine: 'sqlite' | 'postgres') {
  if (engine === 'postgres') {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${pgName} with (force)`);
    await admin.query(`create database ${pgName}`);
    await admin.end();
  } else {
    for (const suffix of ['', '-wal', '-shm']) {
      try {
        (await import('node:fs')).rmSync(sqliteFile + suffix);
      } catch {
        /* absent */
      }
    }
  }
  const database = open(engine);
  await migrateToLatest(database);
  await database.close();
  const t0 = Date.now();
  if (engine === 'postgres') await fillPostgres(pgUrl, size);
  else fillSqlite(sqliteFile, size);
  console.log(`${engine}: ${size} products filled in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}

// The same URL families as catalogue-search.mjs, plus a few more filter shapes.
const ADJ = ['hex', 'flange', 'carriage', 'socket', 'countersunk', 'lock', 'spring', 'ball', 'tapered', 'needle', 'bonded', 'push', 'quick', 'brass'];
const NOUNS = ['bolt', 'nut', 'washer', 'screw', 'bearing', 'seal', 'gasket', 'elbow', 'valve', 'terminal', 'relay', 'fuse', 'switch', 'sleeve'];
const BRANDS = ['Acme', 'Bolty', 'Nordfix', 'Skf', 'Timken', 'Parker', 'Festo', 'Wago', 'Hilti', 'Wurth'];
const MATERIALS = ['Steel', 'Stainless', 'Brass', 'Zinc', 'Nylon', 'Aluminium', 'Bronze', 'Rubber'];
const TOPS = ['fasteners', 'bearings', 'seals', 'fittings', 'electrical'];
const slugs: string[] = CATEGORIES.map((c: { slug: string }) => c.slug);

const FAMILIES: Record<string, { kind: 'list' | 'facets'; queries: string[] }> = {
  search: { kind: 'list', queries: ADJ.flatMap((a) => NOUNS.map((n) => `q=${encodeURIComponent(`${a} ${n.slice(0, 3)}`)}`)) },
  searchWide: { kind: 'list', queries: [...NOUNS, 'steel', 'stainless', 'marine', 'm8', 'zinc'].map((w) => `q=${w}`) },
  facets: { kind: 'facets', queries: ['', 'sort=featured', 'page=1'] },
  facetsCategory: { kind: 'facets', queries: slugs.map((s) => `category=${s}`) },
  facetsBrand: { kind: 'facets', queries: BRANDS.map((b) => `brand=${b}`) },
  facetsSearch: { kind: 'facets', queries: ADJ.slice(0, 8).map((a) => `q=${a}`) },
  facetsFiltered: { kind: 'facets', queries: TOPS.flatMap((c) => BRANDS.slice(0, 4).map((b) => `category=${c}&brand=${b}&attr.Material=Steel`)) },
  filtered: { kind: 'list', queries: TOPS.flatMap((c) => BRANDS.flatMap((b) => MATERIALS.map((m) => `category=${c}&brand=${b}&attr.Material=${m}`))) },
  listPlain: { kind: 'list', queries: ['', 'page=50', 'sort=price-asc', 'sort=newest', 'inStock=true', 'minPrice=10&maxPrice=20'] },
  listCategory: { kind: 'list', queries: slugs.map((s) => `category=${s}&sort=price-asc`) },
};

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? NaN;

async function measure(engine: 'sqlite' | 'postgres') {
  const database = open(engine);
  const categories = createCategoriesRepository(database.db, database.engine);
  const reader = createCatalogueReader(createCatalogueSearchRepository(database.db, database.engine), {
    engine: database.engine,
    file: sqliteFile,
    threads: Number(args.threads),
  });
  // No time budget: the figures are the reads' own cost.
  const search = createCatalogueSearch({ reader, categoryTree: () => categories.all(), budgetMs: 600_000 });
  const parse = (q: string) => productListQuerySchema.parse(Object.fromEntries(groupParams(new URLSearchParams(q)))) as ProductListQuery;
  const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  console.log(`\n${engine}, ${size} products (load ${load})`);
  for (const [name, family] of Object.entries(FAMILIES)) {
    if (args.only && !args.only.split(',').includes(name)) continue;
    const times: number[] = [];
    let sample = '';
    // One warm-up pass, then the measured rounds.
    for (let round = 0; round <= Number(args.rounds); round++) {
      for (const q of family.queries) {
        const query = parse(q);
        const t0 = process.hrtime.bigint();
        const out = family.kind === 'list' ? await search.list(query, false) : await search.facets(query, false);
        const ms = Number(process.hrtime.bigint() - t0) / 1e6;
        if (round > 0) times.push(ms);
        if (!sample) sample = family.kind === 'list' ? `total ${(out as { total: number }).total}` : `total ${(out as { total: number }).total}`;
      }
    }
    times.sort((a, b) => a - b);
    console.log(
      `  ${name.padEnd(15)} n=${String(times.length).padStart(4)}  median ${quantile(times, 0.5).toFixed(2).padStart(8)} ms  p97.5 ${quantile(times, 0.975).toFixed(2).padStart(8)} ms  max ${times[times.length - 1]?.toFixed(2).padStart(8)} ms  (${sample})`,
    );
  }
  console.log(`  (load after: ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')})`);
  await reader.close();
  await database.close();
}

/** URLSearchParams → the object Fastify's query parser gives (repeated keys as arrays). */
function groupParams(params: URLSearchParams): Map<string, string | string[]> {
  const out = new Map<string, string | string[]>();
  for (const [k, v] of params) {
    const prev = out.get(k);
    out.set(k, prev === undefined ? v : Array.isArray(prev) ? [...prev, v] : [prev, v]);
  }
  return out;
}

const engines = args.engine === 'both' ? (['sqlite', 'postgres'] as const) : [args.engine as 'sqlite' | 'postgres'];
for (const engine of engines) {
  if (args.build) await build(engine);
  else await measure(engine);
}
