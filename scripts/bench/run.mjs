#!/usr/bin/env node
// `npm run bench`: every figure measured beside a baseline in the same run, reported as a ratio.
// Prints a table and writes bench-results/latest.json.
//   --fuzz            also run the fuzz suite with FUZZ_RUNS=2000 (default) per endpoint
//   --no-lighthouse   skip Lighthouse      --no-large   skip the 100k/1M data set
//   --no-search       skip the catalogue search/facets figures (catalogue-search.mjs: 1k vs 100k
//                     products on SQLite, and on PostgreSQL too with --engine postgres)
//                     Before them, issue 28's throughput goals on the demo catalogue (search ≥ 5,000
//                     req/s, facets ≥ 3,000, category listing ≥ 8,000 at 10 connections, every URL
//                     its own; `demoThroughputBench`, ADR 0028)
//   --catalogue-sizes 100000,200000
//                     also issue 28's latency goals at these sizes (search p97.5 ≤ 20 ms, facets and a
//                     filtered list ≤ 50 ms, one connection; catalogue-search.mjs `catalogueGoalsBench`,
//                     ADR 0027, ADR 0028), on SQLite, and on PostgreSQL too with --engine postgres; each
//                     HTTP figure beside the same requests in process
//   --engine postgres the req/s comparisons on PostgreSQL (a fresh database next to
//                     BENCH_DATABASE_URL or TEST_DATABASE_URL); the data-set and Lighthouse
//                     parts and the SQLite floor always run on the embedded default
//   --no-throughput   skip the req/s comparisons (and the front-end budget)
//   --no-webhooks     skip the webhook figures (webhooks.mjs: orders/s with one endpoint vs none,
//                     deliveries/s; on the embedded SQLite)
//   --no-order-flow   skip the buyer's cart flow (order-flow.mjs, issue 29): lines × PUT
//                     /api/cart/lines/{id}, checkout, pay, closed loop, orders/s with 1 and 20
//                     buyers × 1 and 10 lines, on SQLite and (with BENCH_DATABASE_URL or
//                     TEST_DATABASE_URL) PostgreSQL; beside an earlier commit's server (built in a
//                     temporary worktree under /tmp, removed after) and a raw-SQL floor
//   --order-flow-only only that part (builds only the server)
//   --against REF     the earlier commit of the order flow (default f47edf1, before issue 29's work)
//   --current REF     the order flow's current build from a commit instead of the working tree
//   --import          also the product CSV import: 10k and 100k rows through the route (import-csv.mjs)
//   --duration N      seconds per autocannon run (default 8)
//   --rounds N        alternating baseline/server runs per req/s figure, medians compared (default 3)
// Load generator: autocannon in its own process (load.mjs); baselines: raw node:http (baseline.mjs).
import { fork, spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { freePort, freshPostgres, root, signUp, startServer, tempDataDir } from '../lib/server-process.mjs';
import { openBenchDb } from './bench-db.mjs';
import { benchImport } from './import-csv.mjs';
import { catalogueGoalsBench, catalogueSearchBench, demoThroughputBench } from './catalogue-search.mjs';
import { webhookBench } from './webhooks.mjs';
import { DEFAULT_AGAINST, orderFlowBench, orderCostsCheckoutBench } from './order-flow.mjs';

const { values: args } = parseArgs({
  options: {
    fuzz: { type: 'boolean', default: false },
    'no-lighthouse': { type: 'boolean', default: false },
    'no-large': { type: 'boolean', default: false },
    'no-search': { type: 'boolean', default: false },
    'catalogue-sizes': { type: 'string' },
    'no-throughput': { type: 'boolean', default: false },
    'no-webhooks': { type: 'boolean', default: false },
    'no-order-flow': { type: 'boolean', default: false },
    'order-flow-only': { type: 'boolean', default: false },
    against: { type: 'string', default: DEFAULT_AGAINST },
    current: { type: 'string' },
    import: { type: 'boolean', default: false },
    duration: { type: 'string', default: '8' },
    connections: { type: 'string', default: '50' },
    rounds: { type: 'string', default: '3' },
    engine: { type: 'string', default: 'sqlite' },
  },
});
if (!['sqlite', 'postgres'].includes(args.engine)) throw new Error('--engine is sqlite or postgres');
const ON_POSTGRES = args.engine === 'postgres';
const DURATION = Number(args.duration);
// --order-flow-only: the order flow and nothing else.
const ONLY_ORDER_FLOW = args['order-flow-only'];
if (ONLY_ORDER_FLOW)
  Object.assign(args, {
    'no-throughput': true,
    'no-webhooks': true,
    'no-large': true,
    'no-search': true,
    'no-lighthouse': true,
    import: false,
    fuzz: false,
    'catalogue-sizes': undefined,
  });
const CONNECTIONS = Number(args.connections);
const ROUNDS = Math.max(1, Number(args.rounds));
const here = path.dirname(new URL(import.meta.url).pathname);
const rows = [];
const notes = [];
const started = Date.now();
const ADMIN = 'bench.admin@example.com';
const PRODUCT_STOCK_MAX = 100_000_000; // packages/shared/src/constants.ts

function record(name, value, baseline, ratio, goal, pass, unit = 'req/s') {
  // Throughput figures on PostgreSQL say so, so a table pasted elsewhere cannot be misread.
  // (Figures that name their engine already, as the catalogue goals do, keep their own label.)
  if (ON_POSTGRES && unit === 'req/s' && !/\[(SQLite|PostgreSQL)\]$/.test(name)) name += ' [PostgreSQL]';
  rows.push({ name, value, baseline, ratio, goal, pass, unit });
  console.log(`  ${pass === undefined ? '  ' : pass ? 'ok' : 'MISS'} ${name}: ${fmt(value)} vs ${fmt(baseline)} ${unit} → ${ratio ?? '-'} (goal ${goal})`);
}
const fmt = (n) =>
  typeof n === 'number' ? (n >= 1000 || Number.isInteger(n) ? Math.round(n).toString() : n >= 100 ? n.toFixed(1) : n.toFixed(2)) : String(n ?? '-');

/** autocannon in its own process. */
function load(opts) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(here, 'load.mjs'), JSON.stringify({ connections: CONNECTIONS, duration: DURATION, ...opts })], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`autocannon exited ${code}`))));
  });
}

async function baseline(headers = {}, body) {
  const port = await freePort();
  const child = fork(path.join(here, 'baseline.mjs'), [String(port), JSON.stringify(headers), body ? Buffer.from(body).toString('base64') : ''], {
    stdio: 'ignore',
  });
  await new Promise((r) => child.once('message', r));
  return { url: `http://127.0.0.1:${port}`, stop: () => child.kill('SIGTERM') };
}

/** Throughput of `opts` on the server against a raw server answering the same bytes. */
async function versusSameBytes(name, server, reqPath, headers, goal, { context = false } = {}) {
  const res = await fetch(server.url + reqPath, { headers });
  const bytes = Buffer.from(await res.arrayBuffer());
  if (res.status !== 200) {
    notes.push(`${name}: skipped (${res.status} ${bytes.toString().slice(0, 120)})`);
    return;
  }
  const skip = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);
  const same = Object.fromEntries([...res.headers].filter(([k]) => !skip.has(k)));
  // Baseline and server alternate ROUNDS times and the medians are compared: on a shared
  // 2-core machine one run of either can be off by 30% (other processes, CPU frequency).
  const base = await baseline(same, bytes);
  const bs = [];
  const ss = [];
  try {
    for (let r = 0; r < ROUNDS; r++) {
      bs.push(await load({ url: base.url + reqPath }));
      ss.push(await load({ url: server.url + reqPath, headers }));
    }
  } finally {
    base.stop();
  }
  const median = (runs) => [...runs].sort((x, y) => x.rps - y.rps)[Math.floor(runs.length / 2)];
  const b = median(bs);
  const s = median(ss);
  const non2xx = ss.reduce((n, x) => n + x.non2xx, 0);
  const ratio = s.rps / b.rps;
  if (context) record(name, s.rps, b.rps, ratio.toFixed(2), 'context', undefined);
  else record(name, s.rps, b.rps, ratio.toFixed(2), `≥ ${goal}×`, ratio >= goal && non2xx === 0);
  if (ROUNDS > 1)
    notes.push(
      `${name}: medians of ${ROUNDS} alternating runs; server ${ss.map((x) => Math.round(x.rps)).join(', ')} vs baseline ${bs.map((x) => Math.round(x.rps)).join(', ')} req/s`,
    );
  if (non2xx) notes.push(`${name}: ${non2xx} non-2xx answers`);
  return s;
}

function peakRss(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return NaN;
  }
}

async function signIn(url, email, password = 'correct-horse-9') {
  const res = await fetch(`${url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ email, password }),
  });
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

// ---------------------------------------------------------------------------------------------
if (ONLY_ORDER_FLOW) {
  // With --current REF the order flow builds that commit in its own worktree: nothing to build here.
  if (!args.current) console.log('building the server…');
  if (!args.current && spawnSync('npm', ['run', 'build', '-w', '@bulkparts/server'], { cwd: root, stdio: 'ignore' }).status !== 0)
    throw new Error('build failed');
} else {
  console.log('building the web app and the server…');
  if (spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'ignore' }).status !== 0) throw new Error('build failed');
}

/** The home route's first JavaScript download (deterministic; `npm test` enforces a limit on it). */
function bundleSize() {
  console.log('\nfront-end budget');
  const r = spawnSync(process.execPath, [path.join(root, 'scripts/check-bundle-size.mjs'), '--json'], { cwd: root, encoding: 'utf8' });
  const out = JSON.parse(r.stdout);
  record('home route initial JavaScript (gzip)', out.kb, null, null, `≤ ${out.goalKb} kB`, out.kb <= out.goalKb, 'kB');
}

// The checkout figure signs up one buyer per connection from one address: past the default limit of sign-ups per address.
const env = { ADMIN_EMAILS: ADMIN, BETTER_AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-01', LOG_LEVEL: 'info', SIGNUPS_PER_IP_PER_HOUR: '1000' };

async function throughput() {
  console.log(
    `\nthroughput on ${ON_POSTGRES ? 'PostgreSQL' : 'SQLite'} (${CONNECTIONS} connections, ${DURATION}s each; server and load generator share 2 cores)`,
  );
  const dataDir = tempDataDir('bulkparts-bench-');
  let pgDb;
  if (ON_POSTGRES) {
    const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
    if (!adminUrl) throw new Error('--engine postgres needs BENCH_DATABASE_URL or TEST_DATABASE_URL');
    pgDb = await freshPostgres(adminUrl);
  }
  const server = await startServer({ env: { ...env, DATA_DIR: dataDir, ...(pgDb ? { DATABASE_URL: pgDb.url } : {}) }, mode: 'dist' });
  const reads = openBenchDb(pgDb ? { url: pgDb.url } : { file: path.join(dataDir, 'bulkparts.db') });
  let helloRps;
  try {
    const admin = await signUp(server.url, { email: ADMIN, dataDir });
    const buyer = await signUp(server.url, { dataDir });
    const products = await (await fetch(`${server.url}/api/service`)).json();
    const product = products[0];
    // What the request pipeline alone allows (routing, hooks, security headers, metrics, the
    // answer): a route with no database and no session. No route can beat it.
    await versusSameBytes('context: GET /api/health (no database, no session)', server, '/api/health', {}, 0, { context: true });
    await versusSameBytes('GET /api/service', server, '/api/service', {}, 0.8);
    await versusSameBytes('GET /api/service/{id}', server, `/api/service/${product._id}`, {}, 0.5);

    // Orders: enough stock for the whole run, then one product with too little to check oversell.
    const stockTo = async (id, target) => {
      // From the database, not GET /api/service/:id, which may answer from the 1 s response cache.
      const current = (await reads.one('select available_quantity as s from products where id = ?', [id])).s;
      await fetch(`${server.url}/api/service/${id}/stock`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: admin.cookie, origin: server.url },
        body: JSON.stringify({ delta: target - current }),
      });
    };
    const probe = await fetch(`${server.url}/api/purchase`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: buyer.cookie, origin: server.url },
      body: JSON.stringify({ productId: product._id, quantity: product.minimumOrderQuantity }),
    });
    if (probe.status === 404) {
      notes.push('POST /api/purchase and GET /api/purchase?order=…: skipped, the orders API is not there');
    } else {
      const soldOf = async () => ({
        sold: (await reads.one('select coalesce(sum(quantity), 0) as q from orders where product_id = ?', [product._id])).q,
        stock: (await reads.one('select available_quantity as s from products where id = ?', [product._id])).s,
      });
      const order = {
        url: `${server.url}/api/purchase`,
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: buyer.cookie, origin: server.url },
        body: JSON.stringify({ productId: product._id, quantity: product.minimumOrderQuantity }),
      };
      /** Sets the stock, runs the load, and checks stock = set − sold in this run, never below 0. */
      // autocannon stops sending at the deadline; requests already sent still finish after it.
      const settle = () => new Promise((r) => setTimeout(r, 1000));
      const ordersRun = async (target, opts) => {
        await stockTo(product._id, target);
        // Orders placed before the stock was set (the probe, earlier runs) are not this run's sales.
        const before = await soldOf();
        const run = await load({ ...order, ...opts });
        await settle();
        const after = await soldOf();
        const sold = after.sold - before.sold;
        return { run, target, sold, stock: after.stock, oversold: after.stock < 0 || after.stock !== target - sold || sold > target };
      };
      const hello = await baseline();
      const b = await load({ url: hello.url + '/api/purchase', method: 'POST', body: '{}' });
      hello.stop();
      helloRps = b.rps;
      // 1. Throughput with stock for every order of the run (so every answer is a real order, not
      //    a cheap 409), 2. the same load against stock for 200 orders: exactly 200 succeed.
      const ample = await ordersRun(Math.min(PRODUCT_STOCK_MAX, product.minimumOrderQuantity * 200_000));
      const scarce = await ordersRun(product.minimumOrderQuantity * 200, { duration: 3 });
      const created = ample.run.statusCodeStats?.['201']?.count ?? 0;
      const ratio = ample.run.rps / b.rps;
      const oversell = ample.oversold || scarce.oversold || scarce.sold !== scarce.target;
      record(
        'POST /api/purchase (signed in)',
        ample.run.rps,
        b.rps,
        ratio.toFixed(2),
        '≥ 0.25×, zero oversell',
        ratio >= 0.25 && !oversell && created === ample.run.total,
      );
      notes.push(
        `POST /api/purchase: ${created} orders created, status codes ${JSON.stringify(ample.run.statusCodeStats)}; stock ${ample.stock} = ${ample.target} − ${ample.sold} sold`,
      );
      notes.push(
        `POST /api/purchase against stock for 200 orders: status codes ${JSON.stringify(scarce.run.statusCodeStats)}; stock ${scarce.stock} = ${scarce.target} − ${scarce.sold} sold: ${oversell ? 'OVERSOLD' : 'zero oversell'}`,
      );
      await checkoutRun(server, { admin, products, reads, stockTo, purchaseRps: ample.run.rps, settle, dataDir });
      // Order mail goes through the outbox, delivered in rounds beside the requests; the next
      // figure is measured once the backlog of this burst is delivered, and the wait is reported.
      const backlog = async () => (await reads.one('select count(*) as n from mail_outbox where sent_at is null')).n;
      const queued = await backlog();
      const drainStart = Date.now();
      while ((await backlog()) > 0 && Date.now() - drainStart < 180_000) await new Promise((r) => setTimeout(r, 500));
      const left = await backlog();
      notes.push(
        `order mail: ${queued} messages still queued when the POST runs ended (${ample.sold / product.minimumOrderQuantity + scarce.sold / product.minimumOrderQuantity} orders placed); the outbox worker delivered them ${left === 0 ? `within ${((Date.now() - drainStart) / 1000).toFixed(1)} s` : `only partly in 180 s (${left} left)`}`,
      );
      await versusSameBytes(
        'GET /api/purchase?order=… (signed in)',
        server,
        `/api/purchase?order=${encodeURIComponent(buyer.email)}`,
        { cookie: buyer.cookie },
        0.5,
      );
    }
    const rss = peakRss(server.pid);
    record('peak RSS of the server under load', rss, null, null, 'report', undefined, 'MiB');
  } finally {
    await server.kill('SIGTERM');
    await reads.close();
    try {
      if (helloRps && !pgDb) storageFloor(path.join(dataDir, 'bulkparts.db'), helloRps);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
      await pgDb?.drop();
    }
  }
}

/**
 * Checkout of a 10-line cart (issue 16) beside the one-line purchase just measured: each
 * connection is its own buyer and repeats "add 10 lines to the cart, check out", so the figure
 * includes the bulk add (a conservative cost). Orders/s is the 201s of the checkouts; lines/s ten
 * times that. Goal: a 10-line checkout costs at most 3× a one-line purchase (orders/s ratio ≥ 0.33).
 * Afterwards every product's stock must equal what was set minus the pieces of the accepted lines.
 */
async function checkoutRun(server, { admin, products, reads, stockTo, purchaseRps, settle, dataDir }) {
  const lines = products.slice(0, 10);
  if (lines.length < 10 || !lines.every((p) => p.sku)) return notes.push('checkout of a 10-line cart: skipped (fewer than 10 products with SKUs)');
  const probe = await fetch(`${server.url}/api/cart`, { headers: { cookie: admin.cookie } });
  if (probe.status === 404) return notes.push('checkout of a 10-line cart: skipped, the cart API is not there');
  const buyers = [];
  // One buyer per connection (load.mjs hands them out from a free list). More sign-ups from one
  // address in a few seconds meet better-auth's own rate limit.
  for (let i = 0; i < CONNECTIONS; i += 10) {
    buyers.push(...(await Promise.all(Array.from({ length: Math.min(10, CONNECTIONS - i) }, () => signUp(server.url, { dataDir })))));
  }
  const targets = new Map();
  for (const p of lines) {
    const target = Math.min(PRODUCT_STOCK_MAX, p.minimumOrderQuantity * 200_000);
    await stockTo(p._id, target);
    targets.set(p._id, target);
  }
  const piecesOf = async (id) => (await reads.one('select coalesce(sum(quantity), 0) as q from order_lines where product_id = ?', [id])).q;
  const before = new Map();
  for (const p of lines) before.set(p._id, await piecesOf(p._id));
  const address = { name: 'Bench Buyer', line1: '1 Load Street', city: 'Manchester', postalCode: 'M1 1AA', country: 'United Kingdom' };
  const run = await load({
    url: server.url,
    headers: { 'content-type': 'application/json', origin: server.url },
    cookies: buyers.map((b) => b.cookie),
    sequence: [
      { method: 'POST', path: '/api/cart/lines', body: JSON.stringify({ lines: lines.map((p) => ({ sku: p.sku, quantity: p.minimumOrderQuantity })) }) },
      { method: 'POST', path: '/api/cart/checkout', body: JSON.stringify({ poNumber: 'BENCH', shippingAddress: address }) },
    ],
  });
  await settle();
  const orders = (run.statusCodeStats?.['201']?.count ?? 0) / DURATION;
  let oversold = false;
  for (const p of lines) {
    const sold = (await piecesOf(p._id)) - before.get(p._id);
    const stock = (await reads.one('select available_quantity as s from products where id = ?', [p._id])).s;
    if (stock < 0 || stock !== targets.get(p._id) - sold) oversold = true;
  }
  const bad = Object.entries(run.statusCodeStats ?? {}).filter(([code]) => code !== '200' && code !== '201');
  const ratio = orders / purchaseRps;
  record(
    'POST /api/cart/checkout, 10-line cart (orders/s, incl. its bulk add)',
    orders,
    purchaseRps,
    ratio.toFixed(2),
    '≥ 0.33× one-line purchase',
    ratio >= 0.33 && !oversold && bad.length === 0,
    'orders/s',
  );
  record(
    'POST /api/cart/checkout, 10-line cart (lines/s)',
    orders * 10,
    purchaseRps,
    ((orders * 10) / purchaseRps).toFixed(2),
    'context',
    undefined,
    'lines/s',
  );
  notes.push(
    `checkout of a 10-line cart (${ON_POSTGRES ? 'PostgreSQL' : 'SQLite'}): ${Math.round(orders * DURATION)} orders in ${DURATION}s by ${buyers.length} buyers, each request pair = add 10 lines + checkout; status codes ${JSON.stringify(run.statusCodeStats)}; stock ${oversold ? 'OVERSOLD or inconsistent' : 'consistent, zero oversell'}; baseline = the one-line POST /api/purchase orders/s of this run`,
  );
}

/** What SQLite alone allows an order on this disk (storage-floor.mjs), as the same ratio. */
function storageFloor(file, helloRps) {
  const r = spawnSync(process.execPath, [path.join(here, 'storage-floor.mjs'), file, String(Math.min(3, DURATION))], { cwd: root, encoding: 'utf8' });
  if (r.status !== 0) return notes.push(`storage floor: failed (${r.stderr.slice(0, 200)})`);
  const floor = JSON.parse(r.stdout);
  record('context: SQLite floor, one order per commit (no HTTP)', floor.perCommit, helloRps, (floor.perCommit / helloRps).toFixed(2), 'context', undefined);
  record('context: SQLite floor, 50 orders per commit (no HTTP)', floor.batched50, helloRps, (floor.batched50 / helloRps).toFixed(2), 'context', undefined);
  notes.push(
    `storage floor: the server's order statements straight on better-sqlite3 in one process: ${Math.round(floor.perCommit)} orders/s committing each, ${Math.round(floor.batched50)} orders/s committing 50 at a time (the server groups the orders that arrive together into one commit, ADR 0007)`,
  );
}

/** Fills a migrated SQLite file with `products` products and `orders` orders (500 of them the buyer's). */
function bulkFill(file, products, orders, buyer) {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  const cols = (table) => db.prepare(`pragma table_info(${table})`).all();
  const filler = (table) => {
    const c = cols(table);
    const names = c.map((x) => x.name);
    const stmt = db.prepare(`insert into ${table} (${names.map((n) => `"${n}"`).join(',')}) values (${names.map(() => '?').join(',')})`);
    return (row) => stmt.run(c.map((x) => (x.name in row ? row[x.name] : x.notnull && x.dflt_value === null ? (/int|real|num/i.test(x.type) ? 0 : '') : null)));
  };
  const words = [
    'bolt',
    'nut',
    'washer',
    'bearing',
    'gear',
    'valve',
    'pump',
    'hinge',
    'spring',
    'sensor',
    'relay',
    'fuse',
    'cable',
    'clamp',
    'pipe',
    'flange',
    'gasket',
    'rivet',
    'shaft',
    'pulley',
  ];
  const hex = (n, i) => (n.toString(16) + i.toString(16)).padStart(24, '0').slice(-24);
  const now = new Date().toISOString();
  const insertProduct = filler('products');
  const productIds = [];
  db.transaction(() => {
    const start = db.prepare('select coalesce(max(position), 0) as m from products').get().m + 1;
    for (let i = 0; i < products; i++) {
      const name = `${words[i % words.length]} ${words[(i * 7) % words.length]} M${i}`;
      const id = hex(0xb0000, i);
      productIds.push(id);
      insertProduct({
        id,
        position: start + i,
        name,
        name_lower: name.toLowerCase(),
        description: `Bulk ${name}`,
        price_e4: (100 + (i % 5000)) * 100,
        minimum_order_quantity: 50,
        available_quantity: 100000,
        img: '/images/products/placeholder.webp',
        archived: 0,
        created_at: now,
        updated_at: now,
      });
    }
  })();
  const insertOrder = filler('orders');
  // Every order has its one line (issue 16), as the migration gives existing orders.
  const insertLine = filler('order_lines');
  db.transaction(() => {
    for (let i = 0; i < orders; i++) {
      const mine = i < 500;
      const qty = 50 + (i % 10);
      const pid = productIds[i % productIds.length];
      insertOrder({
        id: hex(0xc0000, i),
        product_id: pid,
        product_name: 'Part',
        product_img: '/images/products/placeholder.webp',
        unit_price_e4: 10_000,
        quantity: qty,
        total_cents: 100 * qty,
        user_id: mine ? buyer.id : `user${i % 20000}`,
        user_email: mine ? buyer.email : `u${i % 20000}@example.com`,
        status: i % 3 ? 'paid' : 'pending',
        created_at: new Date(Date.parse(now) - i * 1000).toISOString(),
        updated_at: now,
      });
      insertLine({
        order_id: hex(0xc0000, i),
        line_no: 1,
        product_id: pid,
        sku: `P-${pid}`,
        product_name: 'Part',
        product_img: '/images/products/placeholder.webp',
        unit_price_e4: 10_000,
        quantity: qty,
        line_total_cents: 100 * qty,
      });
    }
  })();
  db.pragma('optimize');
  db.close();
}

async function dataSet(label, products, orders) {
  const dataDir = tempDataDir(`bulkparts-bench-${label}-`);
  let server = await startServer({ env: { ...env, DATA_DIR: dataDir }, mode: 'dist' });
  const buyer = await signUp(server.url, { dataDir });
  const me = await (await fetch(`${server.url}/api/auth/get-session`, { headers: { cookie: buyer.cookie } })).json();
  await server.kill('SIGTERM');
  const t0 = Date.now();
  bulkFill(path.join(dataDir, 'bulkparts.db'), products, orders, { id: me.user.id, email: buyer.email });
  console.log(`  ${label}: ${products} products, ${orders} orders generated in ${((Date.now() - t0) / 1000).toFixed(1)}s`);
  server = await startServer({ env: { ...env, DATA_DIR: dataDir }, mode: 'dist' });
  const cookie = await signIn(server.url, buyer.email);
  const run = async (reqPath, headers = {}) => {
    const r = await load({ url: server.url + reqPath, headers, uncached: true, connections: 10, duration: Math.max(4, Math.round(DURATION / 2)) });
    return r;
  };
  const out = {};
  try {
    for (const q of ['/api/service?q=bearing%20nut&page=3', '/api/service?q=valve']) {
      const r = await fetch(server.url + q);
      const items = await r.json();
      notes.push(`${label} data set: ${q} → ${r.status}, ${items.length} items, X-Total-Count ${r.headers.get('x-total-count')}`);
    }
    out.search = await run('/api/service?q=bearing%20nut&page=3');
    out.searchWide = await run('/api/service?q=valve');
    const mine = await fetch(`${server.url}/api/purchase?order=${encodeURIComponent(buyer.email)}`, { headers: { cookie } });
    out.orders = mine.status === 200 ? await run(`/api/purchase?order=${encodeURIComponent(buyer.email)}&page=2`, { cookie }) : undefined;
    out.rss = peakRss(server.pid);
  } finally {
    await server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
  return out;
}

async function largeData() {
  console.log(
    '\nlarge data (p97.5 latency, 10 connections, every URL distinct so the response cache never answers; autocannon reports p97.5, not p95: stricter)',
  );
  const small = await dataSet('small', 1000, 1000);
  const large = await dataSet('large', 100_000, 1_000_000);
  const cmp = (name, a, b) => {
    if (!a || !b) return notes.push(`${name}: skipped (endpoint missing)`);
    const ratio = b.latency.p97_5 / Math.max(a.latency.p97_5, 1);
    record(
      `${name} p97.5 latency, 100k products / 1M orders vs 1k`,
      b.latency.p97_5,
      a.latency.p97_5,
      ratio.toFixed(2),
      '≤ 2×',
      ratio <= 2 && b.non2xx === 0,
      'ms',
    );
    notes.push(`${name}: throughput ${fmt(b.rps)} vs ${fmt(a.rps)} req/s; p50 ${b.latency.p50} vs ${a.latency.p50} ms`);
  };
  cmp('catalog search ?q=bearing nut&page=3', small.search, large.search);
  cmp('catalog search ?q=valve', small.searchWide, large.searchWide);
  cmp('my orders (GET /api/purchase?order=…)', small.orders, large.orders);
  record('peak RSS with the large data set', large.rss, small.rss, (large.rss / small.rss).toFixed(2), 'report', undefined, 'MiB');
}

async function lighthouse() {
  console.log('\nLighthouse (mobile)');
  if (!existsSync(path.join(root, 'apps/web/dist/index.html'))) throw new Error('apps/web/dist is missing');
  const dataDir = tempDataDir('bulkparts-bench-lh-');
  // A private copy of the build: a rebuild in the work tree while Lighthouse runs must not swap
  // the files under the server.
  const webDist = path.join(dataDir, 'web');
  cpSync(path.join(root, 'apps/web/dist'), webDist, { recursive: true });
  const server = await startServer({ env: { ...env, DATA_DIR: dataDir, SERVE_WEB: 'true', WEB_DIST: webDist, LOG_LEVEL: 'warn' }, mode: 'dist' });
  try {
    for (const page of ['/', '/products', '/blogs', '/myportfolio', '/login']) {
      const out = path.join(dataDir, 'lh.json');
      // Lighthouse sometimes fails to record a trace (NO_NAVSTART, NO_FCP) on a busy machine: up to
      // three attempts, and a failure shows in the table, not only in the notes.
      let report;
      let failure = '';
      for (let attempt = 1; attempt <= 3 && !report; attempt++) {
        rmSync(out, { force: true });
        const r = spawnSync(
          process.execPath,
          [
            path.join(root, 'node_modules/lighthouse/cli/index.js'),
            server.url + page,
            '--quiet',
            '--output=json',
            `--output-path=${out}`,
            '--only-categories=performance,accessibility',
            '--chrome-flags=--headless=new --no-sandbox --disable-gpu',
            '--form-factor=mobile',
          ],
          { env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' }, stdio: 'ignore', timeout: 120_000 },
        );
        const json = existsSync(out) ? JSON.parse(readFileSync(out, 'utf8')) : undefined;
        if (r.status === 0 && json?.categories.performance.score != null) report = json;
        else failure = `exit ${r.status}${json?.runtimeError ? `, ${json.runtimeError.code}` : ''}`;
        if (!report) notes.push(`Lighthouse ${page}: attempt ${attempt} failed (${failure})`);
      }
      rmSync(out, { force: true });
      if (!report) {
        record(`Lighthouse ${page} performance`, 'failed', null, null, '≥ 95', false, '');
        continue;
      }
      const perf = Math.round(report.categories.performance.score * 100);
      const a11y = Math.round(report.categories.accessibility.score * 100);
      record(`Lighthouse ${page} performance`, perf, null, null, '≥ 95', perf >= 95, 'score');
      record(`Lighthouse ${page} accessibility`, a11y, null, null, '= 100', a11y === 100, 'score');
    }
  } finally {
    await server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (!args['no-throughput']) {
  bundleSize();
  await throughput();
}
if (!args['no-webhooks']) {
  console.log(`\noutgoing webhooks on SQLite (${CONNECTIONS} connections, ${DURATION}s each, ${ROUNDS} alternating rounds; a receiver on 127.0.0.1)`);
  await webhookBench({ duration: DURATION, connections: CONNECTIONS, rounds: ROUNDS, record, notes });
}
let orderFlow;
if (!args['no-order-flow']) {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  console.log(
    `\nthe buyer's cart flow (order-flow.mjs: PUT lines, checkout, pay; closed loop; ${DURATION}s per run, ${ROUNDS} alternating rounds; current vs ${args.against} vs a raw-SQL floor)`,
  );
  if (!adminUrl) notes.push('order flow: PostgreSQL skipped, neither BENCH_DATABASE_URL nor TEST_DATABASE_URL is set');
  orderFlow = await orderFlowBench({
    engines: adminUrl ? ['sqlite', 'postgres'] : ['sqlite'],
    adminUrl,
    duration: DURATION,
    rounds: ROUNDS,
    against: args.against,
    current: args.current,
    record,
    notes,
  });
  // Issue 30: a 10-line checkout with tax and shipping against one without, in the same run (goal ≤ 1.2×).
  console.log(`\na 10-line checkout with tax and shipping vs without (issue 30; ${DURATION}s per run, ${ROUNDS} alternating rounds)`);
  await orderCostsCheckoutBench({ engines: adminUrl ? ['sqlite', 'postgres'] : ['sqlite'], adminUrl, duration: DURATION, rounds: ROUNDS, record });
}
if (!args['no-large']) await largeData();
if (args.import) {
  console.log(`\nproduct CSV import through POST /api/service/import on ${ON_POSTGRES ? 'PostgreSQL' : 'SQLite'} (server RSS sampled every 50 ms)`);
  const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  const engine = ON_POSTGRES ? 'postgres' : 'sqlite';
  const small = await benchImport({ rows: 10_000, engine, mode: 'dist', adminUrl });
  const large = await benchImport({ rows: 100_000, engine, mode: 'dist', adminUrl });
  record(`CSV import of 100k rows (${large.mb.toFixed(0)} MB) [${engine}]`, large.seconds, null, null, '≤ 60 s', large.seconds <= 60, 's');
  const growth = (r) => Math.max(r.rssPeak - r.rssBefore, 1);
  record(
    `CSV import RSS growth, 100k rows vs 10k [${engine}]`,
    growth(large),
    growth(small),
    (growth(large) / growth(small)).toFixed(2),
    'report',
    undefined,
    'MiB',
  );
  notes.push(
    `CSV import: 10k rows ${small.seconds.toFixed(1)} s, 100k rows ${large.seconds.toFixed(1)} s; re-importing the same 100k unchanged ${large.againSeconds.toFixed(1)} s`,
  );
}
if (!args['no-search']) {
  await demoThroughputBench({ engines: ON_POSTGRES ? ['sqlite', 'postgres'] : ['sqlite'], duration: Math.max(4, Math.round(DURATION / 2)), record, notes });
  await catalogueSearchBench({ engines: ON_POSTGRES ? ['sqlite', 'postgres'] : ['sqlite'], duration: Math.max(4, Math.round(DURATION / 2)), record, notes });
}
if (args['catalogue-sizes']) {
  const { tables } = await catalogueGoalsBench({
    engines: ON_POSTGRES ? ['sqlite', 'postgres'] : ['sqlite'],
    sizes: args['catalogue-sizes'].split(',').map(Number),
    duration: Math.max(4, Math.round(DURATION / 2)),
    connections: 16,
    record,
    notes,
  });
  for (const t of tables) console.log(`\n${t}`);
}
if (!args['no-lighthouse']) await lighthouse();
if (args.fuzz) {
  console.log('\nfuzzing with FUZZ_RUNS=' + (process.env.FUZZ_RUNS ?? 2000));
  const r = spawnSync('npx', ['vitest', 'run', 'apps/server/test/security/fuzz.test.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, FUZZ_RUNS: process.env.FUZZ_RUNS ?? '2000' },
  });
  record('fuzz suite (many runs)', r.status === 0 ? 'pass' : 'FAIL', null, null, 'pass', r.status === 0, '');
}

// ---------------------------------------------------------------------------------------------
const table = [
  '| figure | measured | baseline | ratio | goal | met |',
  '|---|---|---|---|---|---|',
  ...rows.map(
    (r) =>
      `| ${r.name} | ${fmt(r.value)} ${r.unit} | ${r.baseline == null ? '-' : `${fmt(r.baseline)} ${r.unit}`} | ${r.ratio ?? '-'} | ${r.goal} | ${r.pass === undefined ? '-' : r.pass ? 'yes' : '**no**'} |`,
  ),
].join('\n');
console.log(`\n${table}\n`);
for (const n of notes) console.log(`- ${n}`);
mkdirSync(path.join(root, 'bench-results'), { recursive: true });
writeFileSync(
  path.join(root, 'bench-results/latest.json'),
  JSON.stringify(
    {
      date: new Date().toISOString(),
      node: process.version,
      cpus: (await import('node:os')).cpus().length,
      seconds: Math.round((Date.now() - started) / 1000),
      rows,
      notes,
      table,
      ...(orderFlow ? { orderFlow } : {}),
    },
    null,
    2,
  ),
);
console.log(`\nwritten to bench-results/latest.json (${Math.round((Date.now() - started) / 1000)}s)`);
