#!/usr/bin/env node
// Catalogue search benchmark: p97.5 latency of the full-text search, the facets (unfiltered and
// with one filter) and a filtered list, on 1k and on 100k products (50 categories two levels deep,
// 20 brands, 5 specifications each), reported as the ratio 100k / 1k (goal ≤ 2×) and against the
// absolute goals (search ≤ 20 ms, facets ≤ 50 ms).
//
// The catalogue cache answers a repeated URL for 1 s, so every measured request has its own URL:
// it rotates through hundreds of different search words / filter values AND carries a changing
// `_n=` parameter (ignored by the API), so no answer ever comes from the cache.
//
// The data is written straight into the database (bulk INSERTs in one transaction), after a first
// start of the server has run the migrations; the triggers fill the full-text index and the
// specification rows as they would for the app.
//
// Standalone: node scripts/bench/catalogue-search.mjs [--engine sqlite|postgres|both] [--duration 4]
//   [--connections 4] [--sizes 1000,100000] [--no-build]
// PostgreSQL: a fresh database next to BENCH_DATABASE_URL or TEST_DATABASE_URL. run.mjs calls
// `catalogueSearchBench` (skip it with --no-search).
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import pg from 'pg';
import { freshPostgres, root, startServer, tempDataDir } from '../lib/server-process.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));

// ---- the catalogue ------------------------------------------------------------------------------
const TOPS = {
  fasteners: ['bolt', 'nut', 'washer', 'screw', 'rivet', 'anchor', 'pin', 'stud'],
  bearings: ['bearing', 'bushing', 'housing', 'sleeve', 'roller'],
  seals: ['seal', 'gasket', 'oring', 'packing', 'wiper'],
  fittings: ['elbow', 'tee', 'coupler', 'valve', 'nipple', 'adapter', 'plug'],
  electrical: ['terminal', 'connector', 'relay', 'fuse', 'gland', 'switch', 'ferrule'],
};
const SUBS = ['standard', 'metric', 'imperial', 'heavy', 'light', 'marine', 'stainless', 'micro', 'industrial'];
const ADJECTIVES = [
  'hex',
  'flange',
  'carriage',
  'socket',
  'countersunk',
  'lock',
  'spring',
  'ball',
  'tapered',
  'needle',
  'bonded',
  'push',
  'quick',
  'brass',
  'waterproof',
  'heavy',
  'mini',
  'double',
  'square',
  'round',
];
const BRANDS = [
  'Acme',
  'Bolty',
  'Nordfix',
  'Skf',
  'Timken',
  'Parker',
  'Festo',
  'Wago',
  'Hilti',
  'Wurth',
  'Bossard',
  'Fischer',
  'Norelem',
  'Ganter',
  'Misumi',
  'Igus',
  'Rs Pro',
  'Phoenix',
  'Weidmuller',
  'Kipp',
];
const ATTRS = {
  Thread: ['M3', 'M4', 'M5', 'M6', 'M8', 'M10', 'M12', 'M16', 'M20', 'M24'],
  Material: ['Steel', 'Stainless', 'Brass', 'Zinc', 'Nylon', 'Aluminium', 'Bronze', 'Rubber'],
  Finish: ['Plain', 'Zinc plated', 'Black oxide', 'Galvanised', 'Passivated', 'Painted'],
  Length: Array.from({ length: 20 }, (_, i) => `${(i + 1) * 10} mm`),
  Standard: ['DIN 933', 'DIN 934', 'ISO 4017', 'ISO 4032', 'ANSI B18', 'DIN 125', 'DIN 912', 'ISO 7380', 'DIN 985', 'DIN 127'],
};
const USES = ['machine', 'marine', 'outdoor', 'automotive', 'food', 'construction', 'hydraulic', 'panel'];

export const CATEGORIES = Object.keys(TOPS).flatMap((top, i) => [
  { slug: top, name: top, parent: null, position: i * 10 },
  ...SUBS.map((s, j) => ({ slug: `${top}-${s}`, name: `${top} ${s}`, parent: top, position: i * 10 + j + 1 })),
]);

const cap = (w) => w[0].toUpperCase() + w.slice(1);
/** A small deterministic PRNG: the same catalogue every run. */
function rng(seed) {
  let x = seed >>> 0 || 1;
  return () => (x = (x * 1664525 + 1013904223) >>> 0) / 2 ** 32;
}
const pick = (r, list) => list[Math.floor(r() * list.length)];

function* products(count) {
  const r = rng(42);
  const tops = Object.keys(TOPS);
  const now = Date.now();
  for (let i = 0; i < count; i++) {
    const top = pick(r, tops);
    const noun = pick(r, TOPS[top]);
    const adj = pick(r, ADJECTIVES);
    const attributes = Object.fromEntries(Object.entries(ATTRS).map(([k, v]) => [k, pick(r, v)]));
    const name = `${cap(adj)} ${cap(noun)} ${attributes.Thread}x${attributes.Length.split(' ')[0]}`;
    const moq = pick(r, [50, 50, 100, 200, 500]);
    const id = (0xd00000000 + i).toString(16).padStart(24, '0');
    const created = new Date(now - i * 60_000).toISOString();
    yield {
      id,
      position: i + 1,
      name,
      name_lower: name.toLowerCase(),
      description: `${attributes.Material} ${noun} for ${pick(r, USES)} use, ${attributes.Finish.toLowerCase()} finish, to ${attributes.Standard}.`,
      price_cents: 5 + Math.floor(r() * 50_000),
      minimum_order_quantity: moq,
      available_quantity: r() < 0.1 ? Math.floor(r() * moq) : moq + Math.floor(r() * 100_000),
      img: '/images/products/placeholder.webp',
      archived: r() < 0.01 ? 1 : 0,
      created_at: created,
      updated_at: created,
      sku: `${adj.slice(0, 3)}-${noun.slice(0, 3)}-${i}`.toUpperCase(),
      brand: pick(r, BRANDS),
      category: r() < 0.1 ? top : `${top}-${pick(r, SUBS)}`,
      attributes: JSON.stringify(attributes),
      images: '["/images/products/placeholder.webp"]',
    };
  }
}
const COLUMNS = Object.keys(products(1).next().value);

export function fillSqlite(file, count) {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  const now = new Date().toISOString();
  const cat = db.prepare('insert into categories (slug, name, parent, position, created_at, updated_at) values (?, ?, ?, ?, ?, ?)');
  const prod = db.prepare(`insert into products (${COLUMNS.join(', ')}) values (${COLUMNS.map(() => '?').join(', ')})`);
  db.transaction(() => {
    // The demo catalogue the first start seeded goes: the figures are for this catalogue alone.
    db.exec('delete from products; delete from categories;');
    for (const c of CATEGORIES) cat.run(c.slug, c.name, c.parent, c.position, now, now);
    for (const p of products(count)) prod.run(COLUMNS.map((c) => p[c]));
  })();
  db.exec(`insert into products_fts (products_fts) values ('optimize'); analyze;`);
  db.pragma('optimize');
  db.close();
}

export async function fillPostgres(url, count) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin');
    await client.query('delete from products');
    await client.query('delete from categories');
    const now = new Date().toISOString();
    for (const c of CATEGORIES) {
      await client.query('insert into categories (slug, name, parent, position, created_at, updated_at) values ($1, $2, $3, $4, $5, $6)', [
        c.slug,
        c.name,
        c.parent,
        c.position,
        now,
        now,
      ]);
    }
    let batch = [];
    const flush = async () => {
      if (!batch.length) return;
      const values = [];
      const rows = batch.map((p, i) => `(${COLUMNS.map((c, j) => (values.push(p[c]), `$${i * COLUMNS.length + j + 1}`)).join(', ')})`);
      await client.query(`insert into products (${COLUMNS.join(', ')}) values ${rows.join(', ')}`, values);
      batch = [];
    };
    for (const p of products(count)) {
      batch.push(p);
      if (batch.length === 500) await flush();
    }
    await flush();
    await client.query('commit');
    await client.query('vacuum analyze products');
    await client.query('vacuum analyze product_attributes');
    await client.query('vacuum analyze product_facet_counts');
  } finally {
    await client.end();
  }
}

// ---- the measurements -----------------------------------------------------------------------------
const TOP_SLUGS = Object.keys(TOPS);
const FIGURES = [
  {
    key: 'search',
    name: 'catalogue search ?q=<word> <prefix>',
    goalMs: 20,
    paths: ADJECTIVES.flatMap((a) =>
      Object.values(TOPS)
        .flat()
        .map((n) => `/api/service?q=${encodeURIComponent(`${a} ${n.slice(0, 3)}`)}`),
    ),
  },
  { key: 'facets', name: 'facets, no filter', goalMs: 50, paths: ['/api/service/facets'] },
  { key: 'facetsFiltered', name: 'facets ?category=<one of 50>', goalMs: 50, paths: CATEGORIES.map((c) => `/api/service/facets?category=${c.slug}`) },
  {
    key: 'filtered',
    name: 'filtered list ?category&brand&attr.Material',
    goalMs: 20,
    paths: TOP_SLUGS.flatMap((c) =>
      BRANDS.flatMap((b) => ATTRS.Material.map((m) => `/api/service?category=${c}&brand=${encodeURIComponent(b)}&attr.Material=${m}`)),
    ),
  },
];

function load(opts) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(here, 'load.mjs'), JSON.stringify(opts)], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`autocannon exited ${code}`))));
  });
}

const METRICS_TOKEN = 'bench-metrics-token-0123456789';
const env = { BETTER_AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-01', LOG_LEVEL: 'warn', METRICS_TOKEN };

/** Requests the server has answered so far (its `http_requests_total`, /metrics itself left out). */
async function answered(url) {
  const res = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  if (!res.ok) throw new Error(`/metrics answered ${res.status}`);
  let n = 0;
  for (const line of (await res.text()).split('\n')) {
    if (line.startsWith('http_requests_total{') && !line.includes('route="/metrics"')) n += Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return n;
}

/**
 * Waits until the server has worked off what autocannon sent: when autocannon stops, the requests
 * it had sent are still being answered (slow ones can queue for seconds), and a measured run that
 * starts on top of them would time them too. Done when the server has answered `expected`
 * requests, or when its answered count has not moved for `quietMs` (autocannon counts as sent a
 * few requests still in its sockets' buffers when it closed them, which the server never reads).
 * Returns the wait in ms (a timeout is reported, not hidden).
 */
async function drain(url, expected, { quietMs = 2000, timeoutMs = 120_000 } = {}) {
  const t0 = Date.now();
  let last = -1;
  let since = Date.now();
  for (;;) {
    const n = await answered(url);
    if (n >= expected) return { ms: Date.now() - t0, timedOut: false };
    if (n !== last) [last, since] = [n, Date.now()];
    else if (Date.now() - since >= quietMs) return { ms: Date.now() - t0 - quietMs, timedOut: false, unanswered: expected - n };
    if (Date.now() - t0 > timeoutMs) return { ms: Date.now() - t0, timedOut: true };
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** One engine, one size: fill, start, measure every figure. */
async function measure(engine, size, { duration, connections, adminUrl }) {
  const dataDir = tempDataDir(`bulkparts-bench-search-${size}-`);
  const pgDb = engine === 'postgres' ? await freshPostgres(adminUrl) : undefined;
  const serverEnv = { ...env, DATA_DIR: dataDir, ...(pgDb ? { DATABASE_URL: pgDb.url } : {}) };
  try {
    // The first start runs the migrations on the empty database.
    let server = await startServer({ env: serverEnv, mode: 'dist' });
    await server.kill('SIGTERM');
    const t0 = Date.now();
    if (pgDb) await fillPostgres(pgDb.url, size);
    else fillSqlite(path.join(dataDir, 'bulkparts.db'), size);
    const filled = (Date.now() - t0) / 1000;
    server = await startServer({ env: serverEnv, mode: 'dist' });
    const out = { filled };
    try {
      const probe = await fetch(`${server.url}/api/service?q=hex%20bo`);
      out.probe = `${probe.status}, X-Total-Count ${probe.headers.get('x-total-count')}`;
      for (const f of FIGURES) {
        // A short warm-up (statement caches, pages in memory), then the measured run, which
        // starts only once the server has answered every request the warm-up (and the previous
        // figure's run) sent.
        const before = await answered(server.url);
        const warm = await load({ url: server.url, uncached: true, paths: f.paths, connections, duration: 1 });
        const waited = await drain(server.url, before + warm.sent);
        // The machine may be shared: its load average goes next to each figure.
        const loadavg = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
        out[f.key] = await load({ url: server.url, uncached: true, paths: f.paths, connections, duration });
        out[f.key].loadavg = loadavg;
        out[f.key].drainMs = waited.ms;
        out[f.key].drainTimedOut = waited.timedOut;
        // This run's own backlog is worked off before the next figure (or the shutdown) too.
        const after = await drain(server.url, before + warm.sent + out[f.key].sent);
        out[f.key].drainAfterMs = after.ms;
      }
    } finally {
      await server.kill('SIGTERM');
    }
    return out;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    await pgDb?.drop();
  }
}

/**
 * Runs the figures on each engine at each size and reports them through `record(name, value,
 * baseline, ratio, goal, pass, unit)` and `notes` (run.mjs's table), or prints them.
 */
export async function catalogueSearchBench({ engines = ['sqlite'], duration = 8, connections = 4, sizes = [1000, 100_000], record, notes }) {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  const [small, large] = sizes;
  for (const engine of engines) {
    if (engine === 'postgres' && !adminUrl) throw new Error('PostgreSQL needs BENCH_DATABASE_URL or TEST_DATABASE_URL');
    const label = engine === 'postgres' ? 'PostgreSQL' : 'SQLite';
    console.log(`\ncatalogue search on ${label} (p97.5 latency, ${connections} connections, ${duration}s per figure, every URL distinct)`);
    const a = await measure(engine, small, { duration, connections, adminUrl });
    console.log(`  ${small} products filled in ${a.filled.toFixed(1)}s`);
    const b = await measure(engine, large, { duration, connections, adminUrl });
    console.log(`  ${large} products filled in ${b.filled.toFixed(1)}s`);
    notes.push(`catalogue search [${label}]: ${large} products written in ${b.filled.toFixed(1)} s; ?q=hex bo → ${b.probe}`);
    for (const f of FIGURES) {
      const s = a[f.key];
      const l = b[f.key];
      // A run in which no request finished reports p97.5 = 0: that is a miss, not a fast answer.
      const answered = s.total > 0 && l.total > 0;
      const ratio = answered ? l.latency.p97_5 / Math.max(s.latency.p97_5, 1) : NaN;
      record(
        `${f.name} p97.5, ${large / 1000}k vs ${small / 1000}k [${label}]`,
        l.total > 0 ? l.latency.p97_5 : `none answered in ${duration}s`,
        s.total > 0 ? s.latency.p97_5 : `none answered in ${duration}s`,
        answered ? ratio.toFixed(2) : '-',
        `≤ 2×, ≤ ${f.goalMs} ms`,
        answered && ratio <= 2 && l.latency.p97_5 <= f.goalMs && l.non2xx === 0 && s.non2xx === 0,
        'ms',
      );
      notes.push(
        `${f.name} [${label}]: ${f.paths.length} rotating URLs; p50 ${l.latency.p50} vs ${s.latency.p50} ms; ${l.total} vs ${s.total} answers (${Math.round(l.rps)} vs ${Math.round(s.rps)} req/s)${l.non2xx || s.non2xx ? `; non-2xx ${l.non2xx} / ${s.non2xx}` : ''}${l.timeouts || s.timeouts ? `; timeouts ${l.timeouts} / ${s.timeouts}` : ''}; load average ${l.loadavg} / ${s.loadavg}; warm-up backlog drained in ${l.drainMs} / ${s.drainMs} ms${l.drainTimedOut || s.drainTimedOut ? ' (TIMED OUT: figures include a backlog)' : ''}`,
      );
    }
  }
}

// ---- standalone -------------------------------------------------------------------------------------
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values: args } = parseArgs({
    options: {
      engine: { type: 'string', default: 'sqlite' },
      duration: { type: 'string', default: '8' },
      connections: { type: 'string', default: '4' },
      sizes: { type: 'string', default: '1000,100000' },
      'no-build': { type: 'boolean', default: false },
    },
  });
  if (!args['no-build'] && spawnSync('npm', ['run', 'build', '-w', '@bulkparts/server'], { cwd: root, stdio: 'inherit' }).status !== 0)
    throw new Error('build failed');
  const engines = args.engine === 'both' ? ['sqlite', 'postgres'] : [args.engine];
  const notes = [];
  const fmt = (n) => (typeof n === 'number' ? (Number.isInteger(n) ? String(n) : n.toFixed(2)) : String(n));
  await catalogueSearchBench({
    engines,
    duration: Number(args.duration),
    connections: Number(args.connections),
    sizes: args.sizes.split(',').map(Number),
    notes,
    record: (name, value, baseline, ratio, goal, pass, unit) =>
      console.log(`  ${pass ? 'ok  ' : 'MISS'} ${name}: ${fmt(value)} vs ${fmt(baseline)} ${unit} → ${ratio} (goal ${goal})`),
  });
  for (const n of notes) console.log(`- ${n}`);
}
