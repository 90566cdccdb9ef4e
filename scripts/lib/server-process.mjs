// Starts the bulkparts server as a child process (for crash, multi-instance and bench runs).
// Ports come from 5105-5199 unless told otherwise; every child is killed by its own PID.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const usedPorts = new Set();

export function freePort(from = 5105, to = 5199) {
  const tryPort = (port) =>
    new Promise((resolve) => {
      const srv = net.createServer();
      srv.once('error', () => resolve(false));
      srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
    });
  return (async () => {
    const start = from + Math.floor(Math.random() * (to - from));
    for (let i = 0; i <= to - from; i++) {
      const port = from + ((start - from + i) % (to - from + 1));
      if (usedPorts.has(port)) continue;
      if (await tryPort(port)) {
        usedPorts.add(port);
        return port;
      }
    }
    throw new Error(`no free port in ${from}-${to}`);
  })();
}

export const tempDataDir = (prefix = 'bulkparts-run-') => mkdtempSync(path.join(tmpdir(), prefix));

/** A fresh PostgreSQL database next to `adminUrl` (TEST_DATABASE_URL). */
export async function freshPostgres(adminUrl) {
  const name = `bp_run_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

const distEntry = path.join(root, 'apps/server/dist/server.js');

/** Newest modification time of the files below `dir` (ms). */
function newestIn(dir) {
  let newest = 0;
  for (const f of readdirSync(dir, { recursive: true })) newest = Math.max(newest, statSync(path.join(dir, String(f))).mtimeMs);
  return newest;
}

/**
 * True when the build exists and is newer than every source file it is made from (the server's
 * and the shared package's), so running it tests the code as it is.
 */
export function buildIsCurrent() {
  if (!existsSync(distEntry)) return false;
  const built = statSync(distEntry).mtimeMs;
  return [path.join(root, 'apps/server/src'), path.join(root, 'packages/shared/src')].every((dir) => newestIn(dir) <= built);
}

/**
 * Spawns the server. `mode: 'source'` runs src/server.ts through tsx (no build needed, a few
 * seconds more per start); `mode: 'dist'` runs the production build (benchmarks); `mode: 'auto'`
 * (process-level tests) the build when it is current (`npm test` builds first), else the source.
 * Resolves once /api/health answers. `root` (default this checkout) runs another checkout's server,
 * e.g. an older commit's worktree (scripts/bench/order-flow.mjs); with it, `mode: 'auto'` is 'dist'.
 */
export async function startServer({ env = {}, port, mode = 'auto', nodeArgs = [], log = false, timeoutMs = 60_000, root: serverRoot = root } = {}) {
  port ??= await freePort();
  if (mode === 'auto') mode = serverRoot !== root || buildIsCurrent() ? 'dist' : 'source';
  const dist = path.join(serverRoot, 'apps/server/dist/server.js');
  const entry = mode === 'dist' ? [dist] : ['--import', 'tsx', path.join(serverRoot, 'apps/server/src/server.ts')];
  if (mode === 'dist' && !existsSync(entry[0])) throw new Error(`${dist} is missing: run npm run build first`);
  const child = spawn(process.execPath, [...nodeArgs, ...entry], {
    cwd: path.join(serverRoot, 'apps/server'),
    // One buyer places thousands of orders in crash and bench runs: no cap on unpaid orders or on
    // purchases per minute, no mail throttle, unless the caller sets them.
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      SERVE_WEB: 'false',
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      PENDING_ORDERS_MAX: '0',
      PURCHASE_RATE_PER_MINUTE: '0',
      MAIL_PER_RECIPIENT_PER_MINUTE: '0',
      ...env,
      PORT: String(port),
    },
    stdio: ['ignore', log ? 'inherit' : 'pipe', log ? 'inherit' : 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => (output = (output + d).slice(-4000)));
  child.stderr?.on('data', (d) => (output = (output + d).slice(-4000)));
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`server exited during start-up:\n${output}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start within ${timeoutMs} ms:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    port,
    pid: child.pid,
    child,
    output: () => output,
    exited,
    async kill(signal = 'SIGKILL') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/**
 * Signs a user up through the API, confirms the email with the mailed link (read from the server's
 * mail files in `dataDir`/mail; orders need a confirmed address), signs in (sign-up opens no
 * session) and returns `{ email, password, cookie }`. Without `dataDir` the address stays unconfirmed.
 */
export async function signUp(baseUrl, { email, password = 'correct-horse-9', name = 'Load Buyer', headers = {}, dataDir } = {}) {
  email ??= `load.${Date.now().toString(36)}.${Math.random().toString(36).slice(2, 7)}@example.com`;
  const post = (url, body) =>
    fetch(`${baseUrl}${url}`, { method: 'POST', headers: { 'content-type': 'application/json', origin: baseUrl, ...headers }, body: JSON.stringify(body) });
  const res = await post('/api/auth/sign-up/email', { email, password, name });
  if (res.status !== 200) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  if (dataDir) {
    const link = await waitForVerificationLink(path.join(dataDir, 'mail'), email);
    const verified = await fetch(link.replace(/^https?:\/\/[^/]+/, baseUrl), { redirect: 'manual' });
    if (verified.status !== 302) throw new Error(`email confirmation failed: ${verified.status}`);
  }
  const signIn = await post('/api/auth/sign-in/email', { email, password });
  if (signIn.status !== 200) throw new Error(`sign-in failed: ${signIn.status} ${await signIn.text()}`);
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { email, password, cookie };
}

/** The confirmation link in the newest .eml file to `email` (quoted-printable decoded). */
async function waitForVerificationLink(mailDir, email, timeoutMs = 30_000) {
  const safeTo = email.toLowerCase().replace(/[^\w.@-]/g, '_');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const files = existsSync(mailDir)
      ? readdirSync(mailDir)
          .filter((f) => f.endsWith(`-${safeTo}.eml`))
          .sort()
          .reverse()
      : [];
    for (const f of files) {
      const text = readFileSync(path.join(mailDir, f), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16)));
      const match = /https?:\/\/\S*\/api\/auth\/verify-email\?[^\s"<>]+/.exec(text);
      if (match) return match[0].replace(/&amp;/g, '&');
    }
    if (Date.now() > deadline) throw new Error(`no confirmation mail to ${email} in ${mailDir}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
