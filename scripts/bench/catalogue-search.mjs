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
//
// Issue 28's goals (`--catalogue-sizes 100000,200000`, here or in run.mjs): at each size, on each
// engine, search ≥ 5,000 req/s, facets ≥ 3,000, category listing ≥ 8,000, every URL distinct;
// each HTTP figure (autocannon at 1 and at N connections, and up to 20 of its paths repeated so the
// response cache answers) beside the same requests in process, layer by layer
// (catalogue-layers.ts: the query alone, through the reader pool, the service, app.inject).
// Why HTTP and in-process figures differ, measured: docs/decisions/0027-catalogue-http-versus-in-process.md
//   node scripts/bench/catalogue-search.mjs --demo --engine both   (demo catalogue, 10 connections: demoThroughputBench)
//   node scripts/bench/catalogue-search.mjs --catalogue-sizes 100000 --engine both [--duration 5]
//     [--connections 16] [--layer-seconds 2] [--sweep 1,2,4,8,16] [--no-build]
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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
      price_e4: (5 + Math.floor(r() * 50_000)) * 100,
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

// ---- issue 28: latency goals at 100k / 200k, HTTP beside in process (ADR 0027, ADR 0028) ----------
const NOUNS = Object.values(TOPS).flat();
/** Issue 28: full-text search p97.5 ≤ 20 ms, facets (unfiltered, by category, by broad word) ≤ 50 ms, filtered list ≤ 50 ms. */
export const GOAL_FIGURES = [
  {
    key: 'search',
    name: 'search ?q=<word> <prefix>',
    kind: 'list',
    path: '/api/service',
    goalMs: 20,
    queries: ADJECTIVES.flatMap((a) => NOUNS.map((n) => `q=${encodeURIComponent(`${a} ${n.slice(0, 3)}`)}`)),
  },
  {
    key: 'searchBroad',
    name: 'search, broad ?q=<common word | 2-letter prefix>',
    kind: 'list',
    path: '/api/service',
    goalMs: 20,
    queries: ['bolt', 'nut', 'steel', 'stainless', 'zinc', 'm8', 'brass', 'marine', 'st', 'ma', 'he', 'bo'].map((w) => `q=${w}`),
  },
  { key: 'facets', name: 'facets, no filter', kind: 'facets', path: '/api/service/facets', goalMs: 50, queries: [''] },
  {
    key: 'facetsCategory',
    name: 'facets ?category=<one of 50>',
    kind: 'facets',
    path: '/api/service/facets',
    goalMs: 50,
    queries: CATEGORIES.map((c) => `category=${c.slug}`),
  },
  {
    key: 'facetsQ',
    name: 'facets ?q=<broad word>',
    kind: 'facets',
    path: '/api/service/facets',
    goalMs: 50,
    queries: [...ADJECTIVES, ...NOUNS.slice(0, 10)].map((w) => `q=${w}`),
  },
  {
    key: 'category',
    name: 'filtered list ?category=<one of 50>',
    kind: 'list',
    path: '/api/service',
    goalMs: 50,
    queries: CATEGORIES.map((c) => `category=${c.slug}`),
  },
];
const urlOf = (f, q) => (q ? `${f.path}?${q}` : f.path);

/** catalogue-layers.ts in its own process (tsx, from the sources) on the filled database. */
function layers({ dataDir, databaseUrl, seconds, concurrency }) {
  const figures = Object.fromEntries(GOAL_FIGURES.map((f) => [f.key, { kind: f.kind, path: f.path, queries: f.queries }]));
  const argv = ['--import', 'tsx', path.join(here, 'catalogue-layers.ts'), '--data-dir', dataDir, '--figures', JSON.stringify(figures)];
  argv.push('--seconds', String(seconds), '--concurrency', String(concurrency));
  if (databaseUrl) argv.push('--database-url', databaseUrl);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, argv, { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`catalogue-layers.ts exited ${code}`))));
  });
}

/** CPU time (ms) of a process or thread from /proc (utime + stime; 100 ticks a second on Linux). */
function cpuMs(statFile) {
  const stat = readFileSync(statFile, 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(f[11]) + Number(f[12])) * 10;
}
/** The server's CPU (all threads, and its main thread alone) and the whole machine's busy time, in ms. */
function cpuSnapshot(pid) {
  const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
  const idle = ticks[3] + ticks[4];
  return {
    at: Date.now(),
    server: cpuMs(`/proc/${pid}/stat`),
    main: cpuMs(`/proc/${pid}/task/${pid}/stat`),
    busy: (ticks.slice(0, 8).reduce((a, b) => a + b, 0) - idle) * 10,
  };
}
const cores = (await import('node:os')).availableParallelism();

/** One engine, one size: fill, the in-process layers, then the server over HTTP. */
async function measureGoals(engine, size, { duration, connections, adminUrl, layerSeconds, sweep = [] }) {
  const dataDir = tempDataDir(`bulkparts-bench-goals-${size}-`);
  const pgDb = engine === 'postgres' ? await freshPostgres(adminUrl) : undefined;
  const serverEnv = { ...env, DATA_DIR: dataDir, ...(pgDb ? { DATABASE_URL: pgDb.url } : {}) };
  const loadavg = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  try {
    let server = await startServer({ env: serverEnv, mode: 'dist' });
    await server.kill('SIGTERM');
    const t0 = Date.now();
    if (pgDb) await fillPostgres(pgDb.url, size);
    else fillSqlite(path.join(dataDir, 'bulkparts.db'), size);
    const out = { filled: (Date.now() - t0) / 1000, http: {} };
    console.log(`  ${size} products filled in ${out.filled.toFixed(1)}s; HTTP…`);
    server = await startServer({ env: serverEnv, mode: 'dist' });
    try {
      for (const f of GOAL_FIGURES) {
        const paths = f.queries.map((q) => urlOf(f, q));
        const probe = await fetch(server.url + paths[0]);
        if (probe.status !== 200) throw new Error(`${paths[0]} answered ${probe.status}`);
        const run = async (opts) => {
          const before = await answered(server.url);
          const c0 = cpuSnapshot(server.pid);
          const r = await load({ url: server.url, paths, duration, ...opts });
          // How busy the cores were while autocannon ran (the drain's idle wait left out).
          const cRun = cpuSnapshot(server.pid);
          const after = await drain(server.url, before + r.sent);
          const c1 = cpuSnapshot(server.pid);
          // Per request sent (the drain answered them all): the server's main thread, its other
          // threads (reader workers, GC, libuv), autocannon's process, and the rest of the machine
          // (PostgreSQL's backends, whatever else runs), and how busy the machine's cores were.
          const per = (ms) => Math.round((ms / Math.max(r.sent, 1)) * 1000) / 1000;
          const cpu = {
            mainMs: per(c1.main - c0.main),
            otherThreadsMs: per(c1.server - c0.server - (c1.main - c0.main)),
            loadGenMs: per(r.cpuMs ?? 0),
            restMs: per(c1.busy - c0.busy - (c1.server - c0.server) - (r.cpuMs ?? 0)),
            busyPct: Math.round(((cRun.busy - c0.busy) / ((cRun.at - c0.at) * cores)) * 100),
          };
          return { ...r, cpu, loadavg: loadavg(), drainAfterMs: after.ms, drainTimedOut: after.timedOut };
        };
        // Warm-up (statement caches, pages, the workers), then: one connection (no queueing: each
        // request's own time), N connections (throughput, and the latency with queueing), and a
        // popular few of the paths with no `_n=` (the response cache answers all but the first of each second).
        await run({ uncached: true, connections, duration: 1 });
        const one = await run({ uncached: true, connections: 1 });
        // The same, every request a query of its own (a changing maxPrice above every price): no cache can answer.
        const oneQuery = await run({ uncached: true, distinctQueries: true, connections: 1 });
        const many = await run({ uncached: true, connections });
        // A popular few (at most 20 of the figure's paths): with hundreds rotating, a path comes
        // round again only after the cache's 1 s, and the run would measure misses.
        const popular = paths.filter((_, i) => i % Math.ceil(paths.length / 20) === 0);
        const cached = await run({ rotate: true, connections, paths: popular });
        out.http[f.key] = { one, oneQuery, many, cached };
        // The connection sweep (`--sweep 1,2,4,8,16`, search and facets only): how latency and
        // req/s move with the requests in flight (ADR 0027's queueing figures).
        if (sweep.length && (f.key === 'search' || f.key === 'facets')) {
          out.sweep ??= {};
          out.sweep[f.key] = [];
          for (const c of sweep) out.sweep[f.key].push({ connections: c, ...(await run({ uncached: true, connections: c })) });
        }
        console.log(
          `  ${f.key}: 1 conn ${Math.round(one.rps)} req/s p50/p97.5 ${one.latency.p50}/${one.latency.p97_5} ms (own queries ${oneQuery.latency.p50}/${oneQuery.latency.p97_5} ms); ${connections} conn ${Math.round(many.rps)} req/s p97.5 ${many.latency.p97_5} ms; cached ${Math.round(cached.rps)} req/s (load ${many.loadavg})`,
        );
      }
    } finally {
      await server.kill('SIGTERM');
    }
    // Then in process, with the server stopped: the two never share the machine. (After the
    // server, not before: the sources may hold a migration the build does not, which the build
    // would refuse to start on.)
    console.log('  in-process layers…');
    out.layers = await layers({ dataDir, databaseUrl: pgDb?.url, seconds: layerSeconds, concurrency: connections });
    return out;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    await pgDb?.drop();
  }
}

const ms = (l) => (l ? `${l.p50} / ${l.p97_5}` : '-');
const lat = (r) => `${r.latency.p50} / ${r.latency.p97_5} / ${r.latency.p99}`;

/**
 * Issue 28: each figure's req/s at `connections` against its goal, with its latency and the same
 * requests in process beside it. Reports through `record` / `notes` (run.mjs's table) and returns
 * a markdown table per engine and size.
 */
export async function catalogueGoalsBench({
  engines = ['sqlite'],
  sizes = [100_000],
  duration = 5,
  connections = 16,
  layerSeconds = 2,
  sweep = [],
  record,
  notes,
}) {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  const tables = [];
  const results = [];
  for (const engine of engines) {
    if (engine === 'postgres' && !adminUrl) throw new Error('PostgreSQL needs BENCH_DATABASE_URL or TEST_DATABASE_URL');
    const label = engine === 'postgres' ? 'PostgreSQL' : 'SQLite';
    for (const size of sizes) {
      console.log(`
catalogue goals on ${label}, ${size} products (${connections} connections, ${duration}s per run, every URL distinct but the cached run)`);
      const r = await measureGoals(engine, size, { duration, connections, adminUrl, layerSeconds, sweep });
      results.push({ engine, size, ...r });
      const k = `${size / 1000}k`;
      const lines = [
        `${label}, ${size} products (filled in ${r.filled.toFixed(0)} s). HTTP: autocannon, ${duration} s per run; in process: sequential calls, ms p50 / p97.5. The goal is judged on one connection (each request alone, every URL its own); every request a query of its own and ${connections} connections beside it.`,
        '',
        `| figure | goal p97.5 | HTTP p50 / p97.5 / p99, 1 conn | met | the same, every request its own query | HTTP req/s, 1 conn | HTTP req/s, ${connections} conn | HTTP p50 / p97.5 / p99, ${connections} conn | cached req/s | query alone | via reader pool | service call | app.inject | app.inject, ${connections} in flight: req/s, p50 / p97.5 | CPU ms per request at ${connections} conn: server main thread + its other threads + autocannon + rest of machine (cores busy) |`,
        '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
      ];
      for (const f of GOAL_FIGURES) {
        const h = r.http[f.key];
        const L = r.layers[f.key];
        const ok = h.one.total > 0 && h.one.non2xx === 0 && h.one.latency.p97_5 <= f.goalMs;
        const bad = h.many.non2xx + h.one.non2xx + h.oneQuery.non2xx + h.cached.non2xx;
        lines.push(
          `| ${f.name} | ≤ ${f.goalMs} ms | ${lat(h.one)} | ${ok ? 'ok' : 'MISS'} | ${lat(h.oneQuery)} | ${Math.round(h.one.rps)} | ${Math.round(h.many.rps)} | ${lat(h.many)} | ${Math.round(h.cached.rps)} | ${ms(L.query)} | ${ms(L.pool)} | ${ms(L.service)} | ${ms(L.inject)} | ${L.injectN.rps}, ${ms(L.injectN)} | ${h.many.cpu.mainMs} + ${h.many.cpu.otherThreadsMs} + ${h.many.cpu.loadGenMs ?? '-'} + ${h.many.cpu.restMs} (${h.many.cpu.busyPct}%) |`,
        );
        record(
          `${f.name} p97.5, ${k} products, 1 connection [${label}]`,
          h.one.total > 0 ? h.one.latency.p97_5 : 'none answered',
          L.query.p97_5,
          (h.one.latency.p97_5 / Math.max(L.query.p97_5, 0.001)).toFixed(1),
          `≤ ${f.goalMs} ms (issue 28; baseline: the query alone in process)`,
          ok,
          'ms',
        );
        record(
          `${f.name} p97.5, ${k} products, 1 connection, every request its own query [${label}]`,
          h.oneQuery.total > 0 ? h.oneQuery.latency.p97_5 : 'none answered',
          L.query.p97_5,
          (h.oneQuery.latency.p97_5 / Math.max(L.query.p97_5, 0.001)).toFixed(1),
          'context',
          undefined,
          'ms',
        );
        record(
          `${f.name} req/s, ${k} products, ${connections} connections [${label}]`,
          h.many.rps,
          L.injectN.rps,
          (h.many.rps / Math.max(L.injectN.rps, 1)).toFixed(2),
          `context (p97.5 ${h.many.latency.p97_5} ms; baseline: app.inject, ${connections} in flight)`,
          undefined,
          'req/s',
        );
        notes.push(
          `${f.name} [${label}, ${k}]: ${f.queries.length} rotating queries; 1 connection ${Math.round(h.one.rps)} req/s (p50 ${h.one.latency.p50} ms), every request its own query ${Math.round(h.oneQuery.rps)} req/s (p50 ${h.oneQuery.latency.p50} ms); cached (up to 20 of the paths repeated) ${Math.round(h.cached.rps)} req/s; in process query ${ms(L.query)}, pool ${ms(L.pool)}, service ${ms(L.service)}, inject ${ms(L.inject)} ms${bad ? `; non-2xx ${bad}` : ''}; load average ${h.many.loadavg}${h.many.drainTimedOut ? ' (drain TIMED OUT)' : ''}`,
        );
      }
      for (const [key, runs] of Object.entries(r.sweep ?? {})) {
        lines.push(
          '',
          `${key}, every URL distinct, by connections:`,
          '',
          `| connections | req/s | p50 / p97.5 / p99 ms | connections ÷ req/s (Little's law, ms) | CPU ms per request: main + other threads + autocannon + rest (cores busy) |`,
          '|---|---|---|---|---|',
          ...runs.map(
            (x) =>
              `| ${x.connections} | ${Math.round(x.rps)} | ${lat(x)} | ${((x.connections / Math.max(x.rps, 1)) * 1000).toFixed(1)} | ${x.cpu.mainMs} + ${x.cpu.otherThreadsMs} + ${x.cpu.loadGenMs ?? '-'} + ${x.cpu.restMs} (${x.cpu.busyPct}%) |`,
          ),
        );
      }
      lines.push('', `load average: layers ${r.layers.loadavgBefore}, HTTP ${r.http.search.many.loadavg} … ${r.http.category.cached.loadavg}`);
      tables.push(lines.join('\n'));
    }
  }
  return { tables, results };
}

// ---- issue 28: uncached throughput on the demo catalogue (ADR 0028) ---------------------------------
const DEMO_WORDS = ['bolt', 'nut', 'washer', 'hex', 'steel', 'stainless', 'bearing', 'fitting', 'seal', 'screw', 'zinc', 'brass', 'm8', 'm10', 'anchor', 'pin'];
export const DEMO_FIGURES = [
  { key: 'search', name: 'search ?q=<word>', path: '/api/service', goalRps: 5000, queries: () => DEMO_WORDS.map((w) => `q=${w}`) },
  { key: 'facets', name: 'facets ?q=<word>', path: '/api/service/facets', goalRps: 3000, queries: () => DEMO_WORDS.map((w) => `q=${w}`) },
  { key: 'category', name: 'category listing ?category=<slug>', path: '/api/service', goalRps: 8000, queries: (slugs) => slugs.map((c) => `category=${c}`) },
];

/**
 * Issue 28's throughput goals, on the demo catalogue the first start seeds, `connections`
 * connections (10), every request its own URL (a changing `_n=`), as the issue measures them:
 * search ≥ 5,000 req/s, facets ≥ 3,000, category listing ≥ 8,000, on each engine. The catalogue
 * cache keys answers by the query as the route reads it (ADR 0028), so the `_n=` no longer makes a
 * miss: beside each figure, the same figure with every request a different query (each query
 * with its own `maxPrice`, so no answer can be shared) says what the database path alone does,
 * and the same few URLs repeated what the cache alone does.
 */
export async function demoThroughputBench({ engines = ['sqlite'], duration = 5, connections = 10, record, notes }) {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  for (const engine of engines) {
    if (engine === 'postgres' && !adminUrl) throw new Error('PostgreSQL needs BENCH_DATABASE_URL or TEST_DATABASE_URL');
    const label = engine === 'postgres' ? 'PostgreSQL' : 'SQLite';
    console.log(`\ndemo catalogue throughput on ${label} (${connections} connections, ${duration}s per run)`);
    const dataDir = tempDataDir('bulkparts-bench-demo-');
    const pgDb = engine === 'postgres' ? await freshPostgres(adminUrl) : undefined;
    const server = await startServer({ env: { ...env, DATA_DIR: dataDir, ...(pgDb ? { DATABASE_URL: pgDb.url } : {}) }, mode: 'dist' });
    try {
      const slugs = [];
      const walk = (nodes) => nodes.forEach((c) => (slugs.push(c.slug), walk(c.children ?? [])));
      walk(await (await fetch(`${server.url}/api/categories`)).json());
      const products = Number((await fetch(`${server.url}/api/service?limit=1`)).headers.get('x-total-count'));
      for (const f of DEMO_FIGURES) {
        const paths = f.queries(slugs).map((q) => `${f.path}?${q}`);
        const run = async (opts) => {
          const before = await answered(server.url);
          const r = await load({ url: server.url, connections, duration, ...opts });
          await drain(server.url, before + r.sent);
          return r;
        };
        await run({ uncached: true, paths, duration: 1 });
        const urls = await run({ uncached: true, paths });
        // Every request its own query: the rotating query with a minimum price of its own (below every price, so the same matches).
        const queries = await run({ uncached: true, distinctQueries: true, paths });
        const cached = await run({ rotate: true, paths });
        const ok = urls.non2xx === 0 && urls.rps >= f.goalRps;
        record(
          `demo catalogue (${products} products): ${f.name}, every URL its own, ${connections} conn [${label}]`,
          urls.rps,
          queries.rps,
          (urls.rps / Math.max(queries.rps, 1)).toFixed(2),
          `≥ ${f.goalRps} req/s (baseline: every request a different query)`,
          ok,
          'req/s',
        );
        notes.push(
          `demo ${f.name} [${label}]: every URL its own (${paths.length} queries rotating, \`_n=\`) ${Math.round(urls.rps)} req/s p50/p97.5 ${urls.latency.p50}/${urls.latency.p97_5} ms; every request a different query ${Math.round(queries.rps)} req/s p50/p97.5 ${queries.latency.p50}/${queries.latency.p97_5} ms; the same URLs repeated ${Math.round(cached.rps)} req/s; non-2xx ${urls.non2xx + queries.non2xx + cached.non2xx}; autocannon ${((urls.cpuMs ?? 0) / Math.max(urls.total, 1)).toFixed(3)} ms CPU per request`,
        );
        console.log(
          `  ${f.key}: URLs ${Math.round(urls.rps)} req/s, distinct queries ${Math.round(queries.rps)} req/s, repeated ${Math.round(cached.rps)} req/s`,
        );
      }
    } finally {
      await server.kill('SIGTERM');
      rmSync(dataDir, { recursive: true, force: true });
      await pgDb?.drop();
    }
  }
}

// ---- standalone -------------------------------------------------------------------------------------
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values: args } = parseArgs({
    options: {
      engine: { type: 'string', default: 'sqlite' },
      // 8 s per run for the 1k-vs-100k figures, 5 s for the goals (--catalogue-sizes).
      duration: { type: 'string' },
      // 4 for the 1k-vs-100k latency figures, 16 for the goals (--catalogue-sizes).
      connections: { type: 'string' },
      sizes: { type: 'string', default: '1000,100000' },
      'catalogue-sizes': { type: 'string' },
      'layer-seconds': { type: 'string', default: '2' },
      // Goals mode: also search and facets at each of these connection counts (e.g. 1,2,4,8,16).
      sweep: { type: 'string' },
      'no-build': { type: 'boolean', default: false },
      // Issue 28's throughput goals on the demo catalogue (10 connections) instead of the sizes.
      demo: { type: 'boolean', default: false },
    },
  });
  if (!args['no-build'] && spawnSync('npm', ['run', 'build', '-w', '@bulkparts/server'], { cwd: root, stdio: 'inherit' }).status !== 0)
    throw new Error('build failed');
  const engines = args.engine === 'both' ? ['sqlite', 'postgres'] : [args.engine];
  const notes = [];
  const fmt = (n) => (typeof n === 'number' ? (Number.isInteger(n) ? String(n) : n.toFixed(2)) : String(n));
  const record = (name, value, baseline, ratio, goal, pass, unit) =>
    console.log(`  ${pass ? 'ok  ' : 'MISS'} ${name}: ${fmt(value)} vs ${fmt(baseline)} ${unit} → ${ratio} (goal ${goal})`);
  if (args.demo) {
    await demoThroughputBench({ engines, duration: Number(args.duration ?? 5), connections: Number(args.connections ?? 10), notes, record });
    for (const n of notes) console.log(`- ${n}`);
  } else if (args['catalogue-sizes']) {
    const { tables, results } = await catalogueGoalsBench({
      engines,
      sizes: args['catalogue-sizes'].split(',').map(Number),
      duration: Number(args.duration ?? 5),
      connections: Number(args.connections ?? 16),
      layerSeconds: Number(args['layer-seconds']),
      sweep: args.sweep ? args.sweep.split(',').map(Number) : [],
      notes,
      record,
    });
    for (const n of notes) console.log(`- ${n}`);
    for (const t of tables) console.log(`\n${t}`);
    mkdirSync(path.join(root, 'bench-results'), { recursive: true });
    writeFileSync(path.join(root, 'bench-results/catalogue-goals.json'), JSON.stringify({ date: new Date().toISOString(), results, tables }, null, 2));
    console.log('\nwritten to bench-results/catalogue-goals.json');
  } else {
    await catalogueSearchBench({
      engines,
      duration: Number(args.duration ?? 8),
      connections: Number(args.connections ?? 4),
      sizes: args.sizes.split(',').map(Number),
      notes,
      record,
    });
    for (const n of notes) console.log(`- ${n}`);
  }
}
