import { rmSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPostgres, signUp, startServer, tempDataDir, type ServerProcess } from '../../../../scripts/lib/server-process.mjs';
import { engine } from '../helpers/test-app.js';

/**
 * One customer must not freeze the server through an invoice: the longest name the API accepts,
 * many invoice downloads at once, and /api/health keeps answering quickly meanwhile (the PDF is
 * rendered in a worker thread); SIGTERM during renders still ends the process promptly.
 * A real server process, as in production.
 */
const GOOD_CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };
/**
 * A render on the event loop would delay every health check by the whole render (seconds); on a
 * shared 2-core machine running other test files a free loop's p90 reached 148 ms, so the limit
 * sits between the two rather than at a figure a slow machine crosses.
 */
const HEALTH_LIMIT_MS = 400;

let server: ServerProcess | undefined;
let dataDir: string;
let fresh: { url: string; drop(): Promise<void> } | undefined;
let cookie: string;
let orderId: string;
let acceptedNameLength = 0;

const call = (method: string, url: string, body?: unknown) =>
  fetch(`${server!.url}${url}`, {
    method,
    headers: { cookie, origin: server!.url, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

/** Orders may require a confirmed address: confirm it in the database, as the mail link would. */
async function confirmEmail(email: string) {
  if (engine === 'postgres') {
    const client = new pg.Client({ connectionString: fresh!.url });
    await client.connect();
    await client.query('update "user" set "emailVerified" = true where email = $1', [email]);
    await client.end();
  } else {
    const db = new Database(path.join(dataDir, 'bulkparts.db'));
    db.prepare('update "user" set "emailVerified" = 1 where email = ?').run(email);
    db.close();
  }
}

async function signIn(email: string, password: string) {
  const res = await fetch(`${server!.url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server!.url },
    body: JSON.stringify({ email, password }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** Latencies of /api/health, one request after another, until `work` settles. */
async function healthDuring(work: Promise<unknown>): Promise<number[]> {
  let settled = false;
  void work.finally(() => (settled = true)).catch(() => {});
  const latencies: number[] = [];
  while (!settled || latencies.length < 5) {
    const started = performance.now();
    const res = await fetch(`${server!.url}/api/health`);
    await res.arrayBuffer();
    latencies.push(performance.now() - started);
    expect(res.status).toBe(200);
    await new Promise((r) => setTimeout(r, 10));
  }
  return latencies;
}

beforeAll(async () => {
  dataDir = tempDataDir('bulkparts-invoice-');
  fresh = engine === 'postgres' ? await freshPostgres(process.env.TEST_DATABASE_URL!) : undefined;
  server = await startServer({
    env: { DATA_DIR: dataDir, BETTER_AUTH_SECRET: 'invoice-dos-secret-invoice-dos-secret-01', ...(fresh ? { DATABASE_URL: fresh.url } : {}) },
  });
  const buyer = await signUp(server.url);
  await confirmEmail(buyer.email);
  cookie = await signIn(buyer.email, buyer.password);

  // The longest name the API takes: unbounded once (40,000 characters took pdfkit seconds), 80 since it is validated.
  for (const length of [40_000, 80]) {
    const res = await call('POST', '/api/auth/update-user', { name: 'N'.repeat(length) });
    if (res.status === 200) {
      acceptedNameLength = length;
      break;
    }
    expect(res.status, await res.text()).toBe(400);
  }
  expect(acceptedNameLength).toBeGreaterThan(0);
  // The longest address too (one word: pdfkit's slowest case, breaking it character by character).
  const profile = await call('POST', '/api/profile', { address: 'A'.repeat(200) });
  expect(profile.status, await profile.clone().text()).toBe(200);

  const [product] = (await (await fetch(`${server.url}/api/service?limit=1`)).json()) as Array<{ _id: string; minimumOrderQuantity: number }>;
  const order = await call('POST', '/api/purchase', { productId: product!._id, quantity: product!.minimumOrderQuantity });
  expect(order.status, await order.clone().text()).toBe(201);
  orderId = ((await order.json()) as { _id: string })._id;
  const paid = await call('POST', `/api/purchase/${orderId}/pay`, GOOD_CARD);
  expect(paid.status, await paid.clone().text()).toBe(200);
}, 120_000);

afterAll(async () => {
  await server?.kill('SIGKILL');
  await fresh?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe(`an invoice cannot freeze the server (${engine})`, () => {
  it('with the longest accepted name, /api/health answers within 400 ms (p90) while invoices render', { timeout: 60_000 }, async () => {
    // Once first: starting the worker thread and the first request's compilation are not what is measured.
    expect((await call('GET', `/api/purchase/${orderId}/invoice`)).status).toBe(200);
    const invoices = Promise.all(
      Array.from({ length: 6 }, async () => {
        const res = await call('GET', `/api/purchase/${orderId}/invoice`);
        return { status: res.status, type: res.headers.get('content-type'), body: Buffer.from(await res.arrayBuffer()) };
      }),
    );
    const latencies = await healthDuring(invoices);
    const results = await invoices;
    for (const r of results) {
      expect(r.status).toBe(200);
      expect(r.type).toBe('application/pdf');
      expect(r.body.subarray(0, 5).toString()).toBe('%PDF-');
    }
    console.log(
      `invoice renders (${engine}, name of ${acceptedNameLength} characters): ${latencies.length} health checks, slowest ${Math.round(Math.max(...latencies))} ms; all: ${latencies.map(Math.round).join(',')}`,
    );
    // The machine running the tests is shared (2 cores, other test files): a rare slow answer is
    // the scheduler; a blocked event loop delays every answer for the whole render (seconds before).
    const sorted = [...latencies].sort((a, b) => a - b);
    expect(sorted[Math.floor(sorted.length * 0.9)]).toBeLessThan(HEALTH_LIMIT_MS);
    expect(sorted.at(-1)).toBeLessThan(1_000);
  });

  it('SIGTERM while invoices are rendering ends the process within a few seconds', { timeout: 60_000 }, async () => {
    const inFlight = Array.from({ length: 10 }, () =>
      call('GET', `/api/purchase/${orderId}/invoice`).then(
        (r) => r.status,
        () => 'connection closed',
      ),
    );
    await new Promise((r) => setTimeout(r, 30));
    const signalled = performance.now();
    server!.child.kill('SIGTERM');
    const exit = await server!.exited;
    const afterMs = performance.now() - signalled;
    await Promise.all(inFlight);
    expect(exit).toEqual({ code: 0, signal: null });
    expect(afterMs).toBeLessThan(5_000);
  });
});
