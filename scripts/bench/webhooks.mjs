#!/usr/bin/env node
// Outgoing webhooks (issue 19, ADR 0022): what one registered endpoint adds to the cost of an
// order, and how many deliveries per second the worker sends.
//
// One production server (WEBHOOKS_ALLOW_PRIVATE=true) and a receiver on 127.0.0.1 in this process
// (answers 204 at once, checks every delivery's signature with the `standardwebhooks` package and
// counts distinct webhook-ids). POST /api/purchase runs alternate, ROUNDS times:
//   none: no endpoint registered;
//   one:  one endpoint wanting `order.placed` (created before the run, deleted after it), so
//         every order also writes a delivery in its transaction and the worker sends it beside
//         the load (the worker's CPU counts against the orders, as in production).
// The medians of orders/s are compared: ratio one / none, goal ≥ 0.9×. After each `one` run the
// bench waits until every order's delivery has arrived (the backlog is reported), then:
// deliveries/s = deliveries received / (last arrival − start of the run), measured against the
// orders/s of that run (≥ 1× means the worker keeps up with the orders); and the drain rate, the
// backlog left when the load stopped / the time it took to arrive: the worker at full speed once it
// no longer gives way to requests (ADR 0022).
//
// Standalone: node scripts/bench/webhooks.mjs [--duration 8] [--connections 50] [--rounds 3]
//   [--mode dist|source] [--no-build]. run.mjs calls `webhookBench` (skip it with --no-webhooks).
import { spawn, spawnSync } from 'node:child_process';
import http from 'node:http';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Webhook } from 'standardwebhooks';
import { root, signUp, startServer, tempDataDir } from '../lib/server-process.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const ADMIN = 'bench.webhooks@example.com';
const PRODUCT_STOCK_MAX = 100_000_000; // packages/shared/src/constants.ts
const env = {
  ADMIN_EMAILS: ADMIN,
  BETTER_AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-01',
  LOG_LEVEL: 'warn',
  WEBHOOKS_ALLOW_PRIVATE: 'true',
  // A stock take never sends product.low_stock here: only order.placed is measured.
  WEBHOOK_LOW_STOCK_THRESHOLD: '0',
};

/** autocannon in its own process (load.mjs). */
function load(opts) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(here, 'load.mjs'), JSON.stringify(opts)], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`autocannon exited ${code}`))));
  });
}

/** The receiver: verifies each delivery, remembers ids and arrival times. `secret` is set per endpoint. */
async function startReceiver() {
  const state = { secret: null, ids: new Set(), repeats: 0, forged: 0, first: 0, last: 0 };
  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      try {
        new Webhook(state.secret).verify(body, req.headers);
      } catch {
        state.forged++;
      }
      const id = req.headers['webhook-id'];
      if (state.ids.has(id)) state.repeats++;
      else state.ids.add(id);
      const now = performance.now();
      state.first ||= now;
      state.last = now;
      res.writeHead(204).end();
    });
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${server.address().port}/hooks`,
    state,
    reset(secret) {
      Object.assign(state, { secret, ids: new Set(), repeats: 0, forged: 0, first: 0, last: 0 });
    },
    close: () => new Promise((r) => server.close(r)),
  };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * Runs the comparison; `record(name, value, baseline, ratio, goal, pass, unit)` and `notes` as in
 * run.mjs. Needs apps/server/dist with `mode: 'dist'`.
 */
export async function webhookBench({ duration = 8, connections = 50, rounds = 3, mode = 'dist', record, notes }) {
  const dataDir = tempDataDir('bulkparts-bench-webhooks-');
  const receiver = await startReceiver();
  const server = await startServer({ env: { ...env, DATA_DIR: dataDir }, mode });
  try {
    const admin = await signUp(server.url, { email: ADMIN, dataDir });
    const buyer = await signUp(server.url, { dataDir });
    const product = (await (await fetch(`${server.url}/api/service`)).json())[0];
    const adminHeaders = { 'content-type': 'application/json', cookie: admin.cookie, origin: server.url };
    const stock = await fetch(`${server.url}/api/service/${product._id}/stock`, {
      method: 'PATCH',
      headers: adminHeaders,
      body: JSON.stringify({ availableQuantity: Math.min(PRODUCT_STOCK_MAX, product.minimumOrderQuantity * 500_000) }),
    });
    if (stock.status !== 200) throw new Error(`setting the stock answered ${stock.status} ${await stock.text()}`);
    const order = {
      url: `${server.url}/api/purchase`,
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: buyer.cookie, origin: server.url },
      body: JSON.stringify({ productId: product._id, quantity: product.minimumOrderQuantity }),
      connections,
      duration,
    };
    const none = [];
    const one = [];
    const deliveries = [];
    let bad = 0;
    for (let r = 0; r < rounds; r++) {
      const a = await load(order);
      none.push(a.rps);
      bad += a.non2xx + a.errors;

      const created = await fetch(`${server.url}/api/webhooks`, {
        method: 'POST',
        headers: adminHeaders,
        body: JSON.stringify({ url: receiver.url, events: ['order.placed'] }),
      });
      if (created.status !== 201) throw new Error(`POST /api/webhooks answered ${created.status} ${await created.text()}`);
      const endpoint = await created.json();
      receiver.reset(endpoint.secret);
      const runStart = performance.now();
      const b = await load(order);
      one.push(b.rps);
      bad += b.non2xx + b.errors;
      const orders = b.statusCodeStats?.['201']?.count ?? 0;
      // autocannon stops at the deadline; requests already sent still finish, so wait for the
      // count to settle and for every one of them to arrive at the receiver.
      const backlog = orders - receiver.state.ids.size;
      const loadEnd = performance.now();
      const waitStart = Date.now();
      let placed = orders;
      for (;;) {
        const res = await fetch(`${server.url}/api/webhooks/${endpoint._id}/deliveries?limit=1`, { headers: adminHeaders });
        placed = Number(res.headers.get('x-total-count'));
        if (receiver.state.ids.size >= placed && Date.now() - waitStart > 1000) break;
        if (Date.now() - waitStart > 180_000) break;
        await new Promise((res) => setTimeout(res, 200));
      }
      const got = receiver.state.ids.size;
      const seconds = (receiver.state.last - runStart) / 1000;
      deliveries.push({
        rps: got / seconds,
        ordersRps: b.rps,
        got,
        placed,
        backlog,
        drainS: (receiver.state.last - runStart) / 1000 - duration,
        drainRps: backlog > 0 ? backlog / ((receiver.state.last - loadEnd) / 1000) : NaN,
        repeats: receiver.state.repeats,
        forged: receiver.state.forged,
      });
      const del = await fetch(`${server.url}/api/webhooks/${endpoint._id}`, { method: 'DELETE', headers: { cookie: admin.cookie, origin: server.url } });
      if (del.status !== 204) throw new Error(`DELETE /api/webhooks/{id} answered ${del.status}`);
    }
    const mNone = median(none);
    const mOne = median(one);
    const ratio = mOne / mNone;
    const lost = deliveries.some((d) => d.got < d.placed || d.forged > 0);
    record(
      'POST /api/purchase with one webhook endpoint (order.placed) vs none',
      mOne,
      mNone,
      ratio.toFixed(2),
      '≥ 0.9×',
      ratio >= 0.9 && bad === 0 && !lost,
      'orders/s',
    );
    const d = [...deliveries].sort((x, y) => x.rps - y.rps)[Math.floor(deliveries.length / 2)];
    record(
      'webhook deliveries/s (signed, to a local receiver) vs orders/s of that run',
      d.rps,
      d.ordersRps,
      (d.rps / d.ordersRps).toFixed(2),
      'report',
      undefined,
      'deliveries/s',
    );
    const drained = deliveries.filter((x) => Number.isFinite(x.drainRps)).map((x) => x.drainRps);
    if (drained.length) {
      const m = median(drained);
      record(
        'webhook deliveries/s draining the backlog once the load stopped vs orders/s under load',
        m,
        d.ordersRps,
        (m / d.ordersRps).toFixed(2),
        'report',
        undefined,
        'deliveries/s',
      );
    }
    notes.push(
      `webhooks: medians of ${rounds} alternating runs (${connections} connections, ${duration}s each); with one endpoint ${one.map(Math.round).join(', ')} vs none ${none.map(Math.round).join(', ')} orders/s; ${bad} non-2xx or errors`,
    );
    notes.push(
      `webhook deliveries per run: ${deliveries
        .map(
          (x) =>
            `${x.got}/${x.placed} arrived, ${Math.round(x.rps)}/s, ${x.backlog} still queued when the load stopped, last one ${x.drainS.toFixed(1)} s after it (${Math.round(x.drainRps)}/s), ${x.repeats} repeats, ${x.forged} bad signatures`,
        )
        .join('; ')} (deliveries/s counts from the start of the run to the last arrival, the worker sending beside the orders)`,
    );
  } finally {
    await server.kill('SIGTERM');
    await receiver.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      duration: { type: 'string', default: '8' },
      connections: { type: 'string', default: '50' },
      rounds: { type: 'string', default: '3' },
      mode: { type: 'string', default: 'dist' },
      'no-build': { type: 'boolean', default: false },
    },
  });
  if (
    values.mode === 'dist' &&
    !values['no-build'] &&
    spawnSync('npm', ['run', 'build', '-w', '@bulkparts/server'], { cwd: root, stdio: 'ignore' }).status !== 0
  )
    throw new Error('build failed');
  const rows = [];
  const notes = [];
  await webhookBench({
    duration: Number(values.duration),
    connections: Number(values.connections),
    rounds: Math.max(1, Number(values.rounds)),
    mode: values.mode,
    notes,
    record: (name, value, baseline, ratio, goal, pass, unit) => {
      rows.push({ name, value, baseline, ratio, goal, pass, unit });
      console.log(
        `${pass === undefined ? '  ' : pass ? 'ok' : 'MISS'} ${name}: ${Math.round(value)} vs ${Math.round(baseline)} ${unit} → ${ratio} (goal ${goal})`,
      );
    },
  });
  for (const n of notes) console.log(`- ${n}`);
}
