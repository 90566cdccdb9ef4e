#!/usr/bin/env node
// Profiles one route under load: starts the production build with --cpu-prof, loads the route
// with autocannon (in its own process, as `npm run bench` does), stops the server and prints
// where the server's main thread spent its time. Used for the "what limits" notes in
// docs/operations.md. Needs `npm run build` first.
//   node scripts/bench/profile.mjs <health|service|service-id|orders|purchase|flow> [--duration 5] [--top 25] [--webhook]
//     [--lines 10] [--buyers 1] [--source] [--engine postgres]
// `flow` is issue 29's buyer's cart flow (order-flow-driver.mjs: lines × PUT, checkout, pay) with
// --buyers buyers of --lines lines; --source runs the server from its TypeScript sources (tsx), so
// the profile names src files instead of dist/server.js; --engine postgres runs it on a fresh
// database next to TEST_DATABASE_URL (the query time is then PostgreSQL's, outside this profile).
// --webhook registers one endpoint wanting `order.placed` at a receiver in this process (answers
// 204), so `purchase` shows what sending its deliveries costs the main thread (ADR 0022).
// The .cpuprofile file is kept (path printed) for Chrome DevTools or speedscope.
import { spawn } from 'node:child_process';
import http from 'node:http';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { freshPostgres, signUp, startServer, tempDataDir } from '../lib/server-process.mjs';

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    duration: { type: 'string', default: '5' },
    top: { type: 'string', default: '25' },
    connections: { type: 'string', default: '50' },
    webhook: { type: 'boolean', default: false },
    lines: { type: 'string', default: '10' },
    buyers: { type: 'string', default: '1' },
    source: { type: 'boolean', default: false },
    engine: { type: 'string', default: 'sqlite' },
  },
});
const SCENARIOS = ['health', 'service', 'service-id', 'orders', 'purchase', 'flow'];
const scenario = positionals[0];
if (!SCENARIOS.includes(scenario)) {
  console.error(`usage: node scripts/bench/profile.mjs <${SCENARIOS.join('|')}> [--duration N] [--top N]`);
  process.exit(2);
}
const here = path.dirname(new URL(import.meta.url).pathname);
const ADMIN = 'profile.admin@example.com';

function load(opts) {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [path.join(here, 'load.mjs'), JSON.stringify({ connections: Number(args.connections), duration: Number(args.duration), ...opts })],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`autocannon exited ${code}`))));
  });
}

const receiver = http.createServer((req, res) => req.resume().on('end', () => res.writeHead(204).end()));
let received = 0;
receiver.on('request', () => received++);
if (args.webhook) await new Promise((r) => receiver.listen(0, '127.0.0.1', r));
const dataDir = tempDataDir('bulkparts-profile-');
const profDir = mkdtempSync(path.join(tmpdir(), 'bulkparts-cpuprofile-'));
const pgDb = args.engine === 'postgres' ? await freshPostgres(process.env.TEST_DATABASE_URL) : undefined;
const server = await startServer({
  mode: args.source ? 'source' : 'dist',
  nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profDir}`],
  env: {
    DATA_DIR: dataDir,
    ADMIN_EMAILS: ADMIN,
    BETTER_AUTH_SECRET: 'profile-secret-profile-secret-profile-0001',
    LOG_LEVEL: 'info',
    SIGNUPS_PER_IP_PER_HOUR: '1000',
    ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
    ...(args.webhook ? { WEBHOOKS_ALLOW_PRIVATE: 'true' } : {}),
  },
});
let result;
let loadStart;
let loadEnd;
try {
  const admin = await signUp(server.url, { email: ADMIN, dataDir });
  const buyer = await signUp(server.url, { dataDir });
  const product = (await (await fetch(`${server.url}/api/service`)).json())[0];
  const json = { 'content-type': 'application/json', origin: server.url };
  // Stock for every order of the run, so each answer is a real order.
  await fetch(`${server.url}/api/service/${product._id}/stock`, {
    method: 'POST',
    headers: { ...json, cookie: admin.cookie },
    body: JSON.stringify({ delta: 50_000_000 }),
  });
  const order = {
    url: `${server.url}/api/purchase`,
    method: 'POST',
    headers: { ...json, cookie: buyer.cookie },
    body: JSON.stringify({ productId: product._id, quantity: product.minimumOrderQuantity }),
  };
  if (args.webhook) {
    const created = await fetch(`${server.url}/api/webhooks`, {
      method: 'POST',
      headers: { ...json, cookie: admin.cookie },
      body: JSON.stringify({ url: `http://127.0.0.1:${receiver.address().port}/hooks`, events: ['order.placed'] }),
    });
    if (created.status !== 201) throw new Error(`POST /api/webhooks answered ${created.status}`);
  }
  for (let i = 0; i < 30; i++) await fetch(order.url, order);
  const target = {
    health: { url: `${server.url}/api/health` },
    service: { url: `${server.url}/api/service` },
    'service-id': { url: `${server.url}/api/service/${product._id}` },
    orders: { url: `${server.url}/api/purchase?order=${encodeURIComponent(buyer.email)}`, headers: { cookie: buyer.cookie } },
    purchase: order,
  }[scenario];
  loadStart = performance.now();
  if (scenario === 'flow') result = await flow(admin, dataDir);
  else result = await load(target);
  loadEnd = performance.now();
} finally {
  await server.kill('SIGINT');
  if (args.webhook) receiver.close();
  rmSync(dataDir, { recursive: true, force: true });
  await pgDb?.drop();
}

/** The cart flow of order-flow.mjs: --buyers buyers, each ordering --lines products of 100 pieces. */
async function flow(admin, dataDir) {
  const lines = Number(args.lines);
  const products = (await (await fetch(`${server.url}/api/service?limit=100`)).json())
    .filter((p) => p.minimumOrderQuantity <= 100 && 100 % (p.orderMultiple ?? 1) === 0)
    .slice(0, lines);
  for (const p of products)
    await fetch(`${server.url}/api/service/${p._id}/stock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url, cookie: admin.cookie },
      body: JSON.stringify({ delta: 50_000_000 }),
    });
  const buyers = [];
  for (let i = 0; i < Number(args.buyers); i++) buyers.push({ cookie: (await signUp(server.url, { dataDir })).cookie, products: products.map((p) => p._id) });
  const out = await new Promise((resolve, reject) => {
    const c = spawn(
      process.execPath,
      [path.join(here, 'order-flow-driver.mjs'), JSON.stringify({ url: server.url, buyers, lines, seconds: Number(args.duration) })],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let text = '';
    c.stdout.on('data', (d) => (text += d));
    c.on('exit', (code) => (code === 0 ? resolve(JSON.parse(text)) : reject(new Error(`order-flow-driver exited ${code}`))));
  });
  console.log(`flow: ${out.ordersPerSecond.toFixed(1)} orders/s, latency ${JSON.stringify(out.latency)}, failures ${JSON.stringify(out.failures)}`);
  return { rps: out.ordersPerSecond, statusCodeStats: out.failures };
}

const file = path.join(profDir, readdirSync(profDir)[0]);
const profile = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const own = new Map();
for (let i = 0; i < profile.samples.length; i++) own.set(profile.samples[i], (own.get(profile.samples[i]) ?? 0) + (profile.timeDeltas[i] ?? 0));
const frameName = (f) => `${f.functionName || '(anonymous)'} ${f.url ? `${f.url.split('/').slice(-2).join('/')}:${f.lineNumber + 1}` : ''}`.trim();
const packageOf = (url) => /node_modules\/((@[^/]+\/)?[^/]+)/.exec(url)?.[1] ?? (url.includes('/apps/server/') ? 'bulkparts server' : null);
let total = 0;
let idle = 0;
const selfTime = new Map();
const byPackage = new Map();
for (const n of profile.nodes) {
  const t = own.get(n.id) ?? 0;
  total += t;
  if (!t) continue;
  if (n.callFrame.functionName === '(idle)') idle += t;
  const key = frameName(n.callFrame);
  selfTime.set(key, (selfTime.get(key) ?? 0) + t);
  // Inclusive per package: each package counted once per sample however deep it recurs.
  const seen = new Set();
  for (let id = n.id; id !== undefined; id = parent.get(id)) {
    const pkg = packageOf(byId.get(id).callFrame.url);
    if (pkg && !seen.has(pkg)) {
      seen.add(pkg);
      byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + t);
    }
  }
}
const busy = total - idle;
const pct = (t) => `${((t / busy) * 100).toFixed(1).padStart(5)}%`;
const top = Number(args.top);
console.log(
  `${scenario}: ${Math.round(result.rps)} req/s over ${((loadEnd - loadStart) / 1000).toFixed(1)} s, status codes ${JSON.stringify(result.statusCodeStats)}`,
);
if (args.webhook) console.log(`webhook deliveries received: ${received}`);
console.log(
  `main thread: ${(busy / 1000).toFixed(0)} ms busy of ${(total / 1000).toFixed(0)} ms profiled (start-up and sign-up included); shares below are of busy time`,
);
console.log('\nself time (where the CPU was)');
for (const [k, t] of [...selfTime]
  .filter(([k]) => !k.startsWith('(idle)'))
  .sort((a, b) => b[1] - a[1])
  .slice(0, top))
  console.log(`  ${pct(t)}  ${k}`);
console.log('\ninclusive time by package (a package and everything it called)');
for (const [k, t] of [...byPackage].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(`  ${pct(t)}  ${k}`);
console.log(`\nprofile: ${file}`);
