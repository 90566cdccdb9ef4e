#!/usr/bin/env node
// The buyer's full cart flow (issue 29's bench), orders/s, the current build beside an earlier
// commit's and beside a raw-SQL floor, in the same run.
//
// One order = `lines` × PUT /api/cart/lines/{productId} (100 pieces each), POST /api/cart/checkout
// (ship-to, PO number, card), POST /api/purchase/{id}/pay (the test card). One closed-loop driver
// (order-flow-driver.mjs, its own process): each simulated buyer, its own signed-in account with a
// confirmed address, sends its next request only when the previous one answered. Configurations:
// 1 buyer and 20 buyers × 1 line and 10 lines, on SQLite and on PostgreSQL (a fresh database next to
// BENCH_DATABASE_URL or TEST_DATABASE_URL; SQLite only when neither is set). Products: the seeded
// ones whose minimum is ≤ 100 and whose pack multiple divides 100, stock set to the maximum; buyer
// b's order takes the products b·lines … b·lines+lines−1 of that list (by SKU, wrapping round), the
// same on every server.
//
// Previous build: `against` (default f47edf1, the last commit before issue 29's work) is checked out
// into a temporary git worktree under /tmp, installed (npm ci --ignore-scripts --prefer-offline,
// better-sqlite3's addon from ~/.cache/bulkparts/native when there is one for its version and this
// Node, else npm rebuild), its server built, started like the current one (mode dist, fresh data),
// and removed at the end, also on failure. The current build is this checkout's apps/server/dist
// (the working tree, committed or not; run.mjs builds it first), or with `current` (--current <ref>)
// that commit, built in a second worktree the same way.
//
// Per engine both servers run side by side, set up alike; then `rounds` times, for each
// configuration: previous, then current (each `duration` seconds, the order mail of a run delivered
// before the next one starts). Medians of orders/s are compared: ratio current / previous, goal
// ≥ 2× for every configuration; a 10-line order's time (buyers / orders/s) at most 3× a one-line
// order's, per buyer count and engine, on the current build. Latencies p50/p99 of each request
// kind come from the run with the median orders/s. Afterwards the raw-SQL floor
// (order-flow-floor.mjs: the same order's statements straight on better-sqlite3 / pg) runs each
// configuration once on the current server's database, and each current figure is also given as
// a ratio of it. Goals are reported as met or not: this is a measuring instrument.
//
// Standalone: node scripts/bench/order-flow.mjs [--duration 8] [--rounds 3] [--against <ref>]
//   [--current <ref>] [--engine sqlite|postgres|both] [--no-build]. run.mjs calls `orderFlowBench` (--no-order-flow
//   skips it, --order-flow-only runs only it).
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { freshPostgres, root, signUp, startServer, tempDataDir } from '../lib/server-process.mjs';
import { openBenchDb } from './bench-db.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
export const DEFAULT_AGAINST = 'f47edf1';
const ADMIN = 'bench.flow.admin@example.com';
const PRODUCT_STOCK_MAX = 100_000_000; // packages/shared/src/constants.ts
const QUANTITY = 100;
const BUYERS = [1, 20];
const LINES = [1, 10];
const env = {
  ADMIN_EMAILS: ADMIN,
  BETTER_AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-01',
  LOG_LEVEL: 'warn',
  SIGNUPS_PER_IP_PER_HOUR: '1000',
};
const ENGINE_NAME = { sqlite: 'SQLite', postgres: 'PostgreSQL' };

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const round1 = (n) => (n == null ? '-' : n >= 100 ? Math.round(n).toString() : n.toFixed(1));

function run(cmd, argv, opts) {
  const r = spawnSync(cmd, argv, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, ...opts });
  if (r.status !== 0) throw new Error(`${cmd} ${argv.join(' ')} failed (${r.status}): ${(r.stderr || r.stdout || '').slice(-2000)}`);
  return r.stdout.trim();
}

/** A child script given one JSON argument, answering JSON on stdout. */
function child(script, opts) {
  return new Promise((resolve, reject) => {
    const c = spawn(process.execPath, [path.join(here, script), JSON.stringify(opts)], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    c.stdout.on('data', (d) => (out += d));
    c.stderr.on('data', (d) => (err = (err + d).slice(-4000)));
    c.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`${script} exited ${code}: ${err}`))));
  });
}

/**
 * Checks `ref` out into a worktree under /tmp, installs and builds its server. Answers
 * `{ root, sha, remove() }`; remove() is also run when this process exits, so a failed bench
 * leaves no worktree behind.
 */
export function prepareWorktree(ref, log = console.log, label = 'previous build') {
  const sha = run('git', ['rev-parse', '--verify', `${ref}^{commit}`], { cwd: root });
  const dir = mkdtempSync('/tmp/bulkparts-bench-prev-');
  let removed = false;
  const remove = () => {
    if (removed) return;
    removed = true;
    spawnSync('git', ['worktree', 'remove', '--force', dir], { cwd: root, stdio: 'ignore' });
    rmSync(dir, { recursive: true, force: true });
    spawnSync('git', ['worktree', 'prune'], { cwd: root, stdio: 'ignore' });
  };
  process.once('exit', remove);
  for (const signal of ['SIGINT', 'SIGTERM'])
    process.once(signal, () => {
      remove();
      process.exit(130);
    });
  try {
    const t0 = Date.now();
    log(`  ${label}: ${ref} (${sha.slice(0, 10)}) into a worktree at ${dir}`);
    run('git', ['worktree', 'add', '--detach', dir, sha], { cwd: root });
    log(`  ${label}: npm ci --ignore-scripts --prefer-offline…`);
    run('npm', ['ci', '--ignore-scripts', '--prefer-offline', '--no-audit', '--no-fund'], { cwd: dir });
    // better-sqlite3's addon: the one this machine compiled for its version and this Node (scripts/lib/native-module-cache.mjs).
    const pkgDir = path.join(dir, 'node_modules/better-sqlite3');
    const { version } = JSON.parse(readFileSync(path.join(pkgDir, 'package.json'), 'utf8'));
    const cacheDir = path.join(process.env.XDG_CACHE_HOME ?? path.join(homedir(), '.cache'), 'bulkparts', 'native');
    const cached = path.join(cacheDir, `better-sqlite3-${version}-abi${process.versions.modules}-${process.platform}-${process.arch}.node`);
    const loads = () =>
      spawnSync(process.execPath, ['-e', "new (require('better-sqlite3'))(':memory:').close()"], { cwd: path.join(dir, 'apps/server'), stdio: 'ignore' })
        .status === 0;
    if (existsSync(cached)) {
      mkdirSync(path.join(pkgDir, 'build/Release'), { recursive: true });
      copyFileSync(cached, path.join(pkgDir, 'build/Release/better_sqlite3.node'));
    }
    if (!loads()) {
      log(`  ${label}: no cached better-sqlite3 ${version} addon for ABI ${process.versions.modules}: npm rebuild better-sqlite3…`);
      run('npm', ['rebuild', 'better-sqlite3'], { cwd: dir });
      if (!loads()) throw new Error('better-sqlite3 does not load in the worktree');
    }
    // The server bundle only (esbuild); with SERVE_WEB=false it needs no web build.
    log(`  ${label}: npm run build -w @bulkparts/server…`);
    run('npm', ['run', 'build', '-w', '@bulkparts/server'], { cwd: dir });
    log(`  ${label} ready in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
    return { root: dir, sha, remove };
  } catch (error) {
    remove();
    throw error;
  }
}

/** One server of one build on one engine, with its admin, buyers and the flow's products stocked. */
async function setUp(build, engine, adminUrl, buyerCount) {
  const dataDir = tempDataDir(`bulkparts-bench-flow-${build.label}-`);
  const pgDb = engine === 'postgres' ? await freshPostgres(adminUrl) : undefined;
  const s = { build, engine, dataDir, pgDb };
  try {
    s.server = await startServer({
      env: { ...env, DATA_DIR: dataDir, ...(pgDb ? { DATABASE_URL: pgDb.url } : {}) },
      mode: 'dist',
      root: build.root,
    });
    const url = s.server.url;
    s.reads = openBenchDb(pgDb ? { url: pgDb.url } : { file: path.join(dataDir, 'bulkparts.db') });
    const admin = await signUp(url, { email: ADMIN, dataDir });
    s.admin = admin;
    s.buyers = [];
    // Ten sign-ups at a time: more from one address in a few seconds meet better-auth's own limit.
    for (let i = 0; i < buyerCount; i += 10)
      s.buyers.push(...(await Promise.all(Array.from({ length: Math.min(10, buyerCount - i) }, () => signUp(url, { dataDir })))));
    for (const b of s.buyers) b.userId = (await s.reads.one('select id from "user" where email = ?', [b.email])).id;
    const seen = new Map();
    for (let page = 1; page <= 50; page++) {
      const items = await (await fetch(`${url}/api/service?page=${page}`)).json();
      const before = seen.size;
      for (const p of items) seen.set(p._id, p);
      if (!items.length || seen.size === before) break;
    }
    s.products = [...seen.values()]
      .filter((p) => p.minimumOrderQuantity <= QUANTITY && QUANTITY % (p.orderMultiple ?? 1) === 0 && p.sku)
      .sort((a, b) => (a.sku < b.sku ? -1 : 1));
    if (s.products.length < Math.max(...LINES)) throw new Error(`only ${s.products.length} products take ${QUANTITY} pieces`);
    for (const p of s.products) {
      const res = await fetch(`${url}/api/service/${p._id}/stock`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: admin.cookie, origin: url },
        body: JSON.stringify({ delta: PRODUCT_STOCK_MAX - p.availableQuantity }),
      });
      if (res.status !== 200) throw new Error(`setting the stock answered ${res.status} ${await res.text()}`);
    }
    return s;
  } catch (error) {
    await tearDown(s);
    throw error;
  }
}

async function tearDown(s) {
  await s.server?.kill('SIGTERM');
  await s.reads?.close();
  rmSync(s.dataDir, { recursive: true, force: true });
  await s.pgDb?.drop();
}

/** Buyer b's products for an order of `lines` lines. */
const productsOf = (s, b, lines) => Array.from({ length: lines }, (_, i) => s.products[(b * lines + i) % s.products.length]._id);

/** Waits (at most 120 s) until the order mail a run queued has gone out; answers the seconds waited. */
async function drainMail(s) {
  const t0 = Date.now();
  while (Date.now() - t0 < 120_000) {
    const { n } = await s.reads.one('select count(*) as n from mail_outbox where sent_at is null');
    if (n === 0) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  return (Date.now() - t0) / 1000;
}

async function flowRun(s, buyers, lines, seconds, checkout = {}) {
  const result = await child('order-flow-driver.mjs', {
    url: s.server.url,
    buyers: s.buyers.slice(0, buyers).map((b, i) => ({ cookie: b.cookie, products: productsOf(s, i, lines) })),
    lines,
    quantity: QUANTITY,
    seconds,
    checkout,
  });
  result.mailWait = await drainMail(s);
  return result;
}

const failuresOf = (runs) => runs.reduce((n, r) => n + Object.values(r.failures).reduce((m, f) => m + f.count, 0), 0);
const medianRun = (runs) => [...runs].sort((a, b) => a.ordersPerSecond - b.ordersPerSecond)[Math.floor((runs.length - 1) / 2)];
const latencyText = (r) =>
  ['put', 'checkout', 'pay'].map((k) => `${k === 'put' ? 'PUT' : k} ${round1(r.latency[k].p50)}/${round1(r.latency[k].p99)}`).join(', ');

/**
 * Runs the comparison; `record(name, value, baseline, ratio, goal, pass, unit)` and `notes` as in
 * run.mjs. Needs this checkout's apps/server/dist built. Answers every run's figures (for latest.json).
 */
export async function orderFlowBench({ engines, adminUrl, duration = 8, rounds = 3, against = DEFAULT_AGAINST, current, record, notes, log = console.log }) {
  const details = { against, engines: {}, quantity: QUANTITY };
  const worktrees = [];
  try {
    const prev = prepareWorktree(against, log);
    worktrees.push(prev);
    details.previous = prev.sha;
    let currentRoot = root;
    if (current) {
      // `current`: a commit instead of the working tree (e.g. HEAD while the tree holds unfinished work).
      const cur = prepareWorktree(current, log, 'current build');
      worktrees.push(cur);
      currentRoot = cur.root;
      details.current = `${current} (${cur.sha.slice(0, 10)})`;
    } else {
      const head = run('git', ['rev-parse', '--short', 'HEAD'], { cwd: root });
      const dirty = run('git', ['status', '--porcelain', '--', 'apps', 'packages'], { cwd: root }).split('\n').filter(Boolean).length;
      details.current = `working tree at ${head}${dirty ? ` + ${dirty} changed files under apps/ and packages/` : ''}`;
    }
    const builds = [
      { label: 'previous', root: prev.root },
      { label: 'current', root: currentRoot },
    ];
    for (const engine of engines) {
      const E = ENGINE_NAME[engine];
      log(`\n  order flow on ${E}: ${rounds} rounds × ${BUYERS.length * LINES.length} configurations × previous, current (${duration} s each)`);
      const servers = [];
      try {
        for (const build of builds) servers.push(await setUp(build, engine, adminUrl, Math.max(...BUYERS)));
        const [p, c] = servers;
        // Warm-up, not counted: JIT, caches, connection pools. A build whose flow fails here (e.g. a
        // working tree in the middle of a change) is reported and the engine skipped.
        const broken = [];
        for (const s of servers) {
          const w = await flowRun(s, Math.max(...BUYERS), Math.max(...LINES), Math.min(2, duration));
          if (w.orders === 0 || failuresOf([w])) broken.push(`${s.build.label}: ${w.orders} orders, failures ${JSON.stringify(w.failures)}`);
        }
        if (broken.length) {
          log(`    [${E}] the flow fails, engine skipped: ${broken.join('; ')}`);
          record(`order flow [${E}]: the flow fails in the warm-up`, 'failed', null, null, 'orders placed and paid', false, '');
          notes.push(`order flow [${E}]: skipped, the flow fails in the warm-up (${broken.join('; ')})`);
          continue;
        }
        const configs = BUYERS.flatMap((buyers) => LINES.map((lines) => ({ buyers, lines, previous: [], current: [] })));
        for (let r = 0; r < rounds; r++) {
          for (const cfg of configs) {
            for (const [s, into] of [
              [p, cfg.previous],
              [c, cfg.current],
            ]) {
              const res = await flowRun(s, cfg.buyers, cfg.lines, duration);
              into.push(res);
              const bad = failuresOf([res]);
              log(
                `    [${E}] round ${r + 1}/${rounds} ${cfg.buyers} buyer${cfg.buyers > 1 ? 's' : ''} × ${cfg.lines} line${cfg.lines > 1 ? 's' : ''} ${s.build.label.padEnd(8)} ${round1(res.ordersPerSecond).padStart(6)} orders/s  p50/p99 ms: ${latencyText(res)}${bad ? `  ${bad} FAILED requests ${JSON.stringify(res.failures)}` : ''}${res.mailWait > 1 ? `  (mail drained in ${res.mailWait.toFixed(0)} s)` : ''}`,
              );
            }
          }
        }
        // Both servers stop; the floor runs on the current one's database.
        for (const s of servers) await s.server.kill('SIGTERM');
        for (const cfg of configs) {
          cfg.floor = await child('order-flow-floor.mjs', {
            engine,
            ...(c.pgDb ? { url: c.pgDb.url } : { file: path.join(c.dataDir, 'bulkparts.db') }),
            buyers: c.buyers.slice(0, cfg.buyers).map((b, i) => ({ userId: b.userId, email: b.email, products: productsOf(c, i, cfg.lines) })),
            lines: cfg.lines,
            quantity: QUANTITY,
            seconds: duration,
          });
          log(
            `    [${E}] raw-SQL floor ${cfg.buyers} buyer${cfg.buyers > 1 ? 's' : ''} × ${cfg.lines} line${cfg.lines > 1 ? 's' : ''}: ${round1(cfg.floor.ordersPerSecond)} orders/s`,
          );
        }
        details.engines[engine] = configs;
        report(E, configs, { against, rounds, duration, record, notes });
      } finally {
        for (const s of servers) await tearDown(s);
      }
    }
  } finally {
    for (const w of worktrees) w.remove();
  }
  notes.push(
    `order flow: current = ${details.current}; previous = ${against} (${details.previous.slice(0, 10)}), built in a temporary worktree; ${rounds} alternating rounds of ${duration} s per configuration, medians; latencies p50/p99 in ms from the median run; each order = lines × PUT /api/cart/lines/{id} (${QUANTITY} pieces) + POST /api/cart/checkout + POST /api/purchase/{id}/pay (test card), closed loop`,
  );
  notes.push(
    "order flow raw-SQL floor: per order, one upsert per cart line (each its own commit), one transaction (read the cart with its products, insert the order and its lines, take each line's stock conditionally in product-id order, empty the cart), mark it paid; SQLite: one connection, synchronous=FULL, no group commit; PostgreSQL: one connection per buyer",
  );
  return details;
}

function report(E, configs, { against, rounds, record, notes }) {
  const label = (cfg) => `${cfg.buyers} buyer${cfg.buyers > 1 ? 's' : ''} × ${cfg.lines} line${cfg.lines > 1 ? 's' : ''}`;
  for (const cfg of configs) {
    const cur = median(cfg.current.map((r) => r.ordersPerSecond));
    const prev = median(cfg.previous.map((r) => r.ordersPerSecond));
    cfg.median = { current: cur, previous: prev };
    const curBad = failuresOf(cfg.current);
    const prevBad = failuresOf(cfg.previous);
    const ratio = cur / prev;
    record(`order flow [${E}] ${label(cfg)}: orders/s, current vs ${against}`, cur, prev, ratio.toFixed(2), '≥ 2×', ratio >= 2 && curBad === 0, 'orders/s');
    record(
      `order flow [${E}] ${label(cfg)}: orders/s, current vs raw-SQL floor`,
      cur,
      cfg.floor.ordersPerSecond,
      (cur / cfg.floor.ordersPerSecond).toFixed(2),
      'context',
      undefined,
      'orders/s',
    );
    const mc = medianRun(cfg.current);
    const mp = medianRun(cfg.previous);
    record(
      `order flow [${E}] ${label(cfg)}: p50/p99 latency, current vs ${against}`,
      latencyText(mc),
      latencyText(mp),
      (mc.latency.checkout.p50 / mp.latency.checkout.p50).toFixed(2),
      'report (ratio: checkout p50)',
      undefined,
      'ms',
    );
    notes.push(
      `order flow [${E}] ${label(cfg)}: current ${cfg.current.map((r) => round1(r.ordersPerSecond)).join(', ')} vs previous ${cfg.previous.map((r) => round1(r.ordersPerSecond)).join(', ')} orders/s over ${rounds} rounds; floor ${round1(cfg.floor.ordersPerSecond)}; failed requests: current ${curBad}${curBad ? ` ${JSON.stringify(cfg.current.map((r) => r.failures))}` : ''}, previous ${prevBad}${prevBad ? ` ${JSON.stringify(cfg.previous.map((r) => r.failures))}` : ''}`,
    );
  }
  for (const buyers of BUYERS) {
    const one = configs.find((c) => c.buyers === buyers && c.lines === 1);
    const ten = configs.find((c) => c.buyers === buyers && c.lines === 10);
    if (!one || !ten) continue;
    // Closed loop: an order's time is buyers / orders/s, so the ratio of times is the inverse of the orders/s.
    const ms = (ops) => (buyers / ops) * 1000;
    const ratio = one.median.current / ten.median.current;
    record(
      `order flow [${E}] ${buyers} buyer${buyers > 1 ? 's' : ''}: time of a 10-line order vs a 1-line order (current)`,
      ms(ten.median.current),
      ms(one.median.current),
      ratio.toFixed(2),
      '≤ 3×',
      ratio <= 3 && failuresOf(ten.current) + failuresOf(one.current) === 0,
      'ms/order',
    );
    notes.push(
      `order flow [${E}] ${buyers} buyer${buyers > 1 ? 's' : ''}: a 10-line order takes ${ratio.toFixed(2)}× a 1-line order on the current build, ${(one.median.previous / ten.median.previous).toFixed(2)}× on ${against}`,
    );
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      duration: { type: 'string', default: '8' },
      rounds: { type: 'string', default: '3' },
      against: { type: 'string', default: DEFAULT_AGAINST },
      current: { type: 'string' },
      engine: { type: 'string', default: 'both' },
      'no-build': { type: 'boolean', default: false },
    },
  });
  const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  const engines = values.engine === 'both' ? (adminUrl ? ['sqlite', 'postgres'] : ['sqlite']) : [values.engine];
  if (engines.includes('postgres') && !adminUrl) throw new Error('PostgreSQL needs BENCH_DATABASE_URL or TEST_DATABASE_URL');
  if (!values['no-build'] && !values.current && spawnSync('npm', ['run', 'build', '-w', '@bulkparts/server'], { cwd: root, stdio: 'ignore' }).status !== 0)
    throw new Error('build failed');
  const notes = [];
  await orderFlowBench({
    engines,
    adminUrl,
    duration: Number(values.duration),
    rounds: Math.max(1, Number(values.rounds)),
    against: values.against,
    current: values.current,
    notes,
    record: (name, value, baseline, ratio, goal, pass, unit) =>
      console.log(
        `${pass === undefined ? '  ' : pass ? 'ok' : 'MISS'} ${name}: ${typeof value === 'number' ? round1(value) : value} vs ${typeof baseline === 'number' ? round1(baseline) : baseline} ${unit} → ${ratio} (goal ${goal})`,
      ),
  });
  for (const n of notes) console.log(`- ${n}`);
}

/** `PUT` one of the shop's settings as the bench's admin (issue 30: shipping methods, tax rates, the seller). */
async function putAsAdmin(s, path, body) {
  const res = await fetch(`${s.server.url}${path}`, {
    method: 'PUT',
    headers: { cookie: s.admin.cookie, origin: s.server.url, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (res.status !== 200) throw new Error(`PUT ${path} answered ${res.status}: ${await res.text()}`);
}

async function getAsAdmin(s, path) {
  const res = await fetch(`${s.server.url}${path}`, { headers: { cookie: s.admin.cookie } });
  if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}`);
  return res.json();
}

/**
 * Issue 30: a 10-line checkout (one buyer, closed loop, then paid) with tax and shipping against one
 * without, on the current build, in one run. The seller is set to the UK, where the driver's buyer
 * ships to: "with" has the demo shop's VAT rates (each line taxed at 20%, shipping taxed too) and
 * methods, the checkout choosing the pallet freight (weight bands, free-over, the delivery estimate);
 * "without" has no rates and no methods (nothing charged beyond the lines). Rounds alternate
 * without/with on one server; the ratio is the median order time with / without, goal ≤ 1.2×.
 */
export async function orderCostsCheckoutBench({ engines, adminUrl, duration = 8, rounds = 3, record, log = console.log }) {
  const details = {};
  for (const engine of engines) {
    const E = ENGINE_NAME[engine];
    const s = await setUp({ label: 'current', root }, engine, adminUrl, 1);
    try {
      const methods = await getAsAdmin(s, '/api/shipping/methods');
      if (!Array.isArray(methods) || methods.length === 0) throw new Error('the demo shop has no shipping methods');
      const { rates } = await getAsAdmin(s, '/api/tax/rates');
      if (!rates.some((r) => r.country === 'GB')) throw new Error('the demo shop has no UK VAT rates');
      const seller = await getAsAdmin(s, '/api/settings/seller');
      await putAsAdmin(s, '/api/settings/seller', {
        legalName: seller.legalName,
        address: seller.address,
        country: 'GB',
        taxNumber: 'GB123456789',
        email: seller.email,
        phone: seller.phone,
        ...(seller.timeZone ? { timeZone: seller.timeZone } : {}),
      });
      const runs = { without: [], with: [] };
      const once = async (kind) => {
        await putAsAdmin(s, '/api/shipping/methods', { methods: kind === 'with' ? methods : [] });
        await putAsAdmin(s, '/api/tax/rates', { rates: kind === 'with' ? rates : [] });
        const r = await flowRun(s, 1, 10, duration, kind === 'with' ? { shippingMethod: 'pallet' } : {});
        if (failuresOf([r])) throw new Error(`${kind}: failed requests ${JSON.stringify(r.failures)}`);
        runs[kind].push(r);
        log(
          `    [${E}] 1 buyer × 10 lines ${kind === 'with' ? 'with tax and shipping   ' : 'without tax and shipping'} ${round1(r.ordersPerSecond).padStart(6)} orders/s  p50/p99 ms: ${latencyText(r)}`,
        );
      };
      await once('without'); // warm-up, not counted
      runs.without.length = 0;
      for (let r = 0; r < rounds; r++) {
        await once('without');
        await once('with');
      }
      const without = median(runs.without.map((r) => r.ordersPerSecond));
      const withCosts = median(runs.with.map((r) => r.ordersPerSecond));
      const ratio = without / withCosts;
      record(`10-line checkout with tax and shipping vs without [${E}]`, withCosts, without, ratio.toFixed(2), '≤ 1.2× the time', ratio <= 1.2, 'orders/s');
      details[engine] = { without, with: withCosts, ratio };
    } finally {
      await tearDown(s);
    }
  }
  return details;
}
