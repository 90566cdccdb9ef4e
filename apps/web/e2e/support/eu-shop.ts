import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { EU_SELLER, VALID_VAT_NUMBERS, euShopPort, euShopURL, smtpUrl } from './e2e-env';

/**
 * Issue 30's EU seller for the browser journeys: a local VIES-compatible stub and a second shop
 * process (a German seller, its own SQLite database) whose VAT_CHECK_URL is the stub. The first shop
 * stays the US seller tax.spec.ts counts on; changing its seller at run time would race the journeys
 * running beside it. Started by global-setup.ts rather than as a second `webServer`: Playwright
 * starts those one after another before global setup, while this one boots as the accounts of the
 * first shop are made.
 */

/** `POST /check-vat-number { countryCode, vatNumber }` → `{ valid, requestDate, requestIdentifier }`, valid for VALID_VAT_NUMBERS only. */
async function startVatStub() {
  let n = 0;
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/check-vat-number') {
        res.writeHead(404).end();
        return;
      }
      const q = JSON.parse(body) as { countryCode: string; vatNumber: string };
      const valid = VALID_VAT_NUMBERS.includes(`${q.countryCode}${q.vatNumber}`);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ valid, requestDate: new Date().toISOString().slice(0, 10), requestIdentifier: `E2E${++n}`, name: 'E2E Company' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const health = `${euShopURL}/api/ready`;
const answers = () =>
  fetch(health, { signal: AbortSignal.timeout(2000) }).then(
    (r) => r.ok,
    () => false,
  );

/**
 * Starts the stub and spawns the EU shop (the build's server.js, as playwright.config.ts's
 * webServer). Answers `ready()`, which resolves once the shop answers (fails if it exits first or
 * takes over a minute), and `stop()`. A port already answering is refused, as `reuseExistingServer: false`.
 */
export async function startEuShop(rootDir: string, dataDir: string) {
  if (await answers()) throw new Error(`[e2e] ${euShopURL} already answers: another run's EU shop? (E2E_EU_SHOP_PORT picks another port)`);
  const stub = await startVatStub();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(euShopPort),
    DATA_DIR: path.join(dataDir, 'eu-shop'),
    LOG_LEVEL: 'warn',
    SMTP_URL: smtpUrl,
    PUBLIC_URL: euShopURL,
    SIGNUPS_PER_IP_PER_HOUR: '1000',
    SIGNINS_PER_IP_PER_MINUTE: '1000',
    SELLER_COUNTRY: EU_SELLER.country,
    SELLER_TAX_NUMBER: EU_SELLER.vatNumber,
    SELLER_TIME_ZONE: 'Europe/Berlin',
    VAT_CHECK_URL: stub.url,
  };
  // Its own SQLite database whatever the caller's environment says.
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['apps/server/dist/server.js'], { cwd: rootDir, env, stdio: ['ignore', 'pipe', 'inherit'] });
  // Its log's errors (a 500's stack) are shown, the start-up warnings are not (the first shop's log is not shown either).
  createInterface({ input: child.stdout }).on('line', (line) => {
    if (Number(/"level":(\d+)/.exec(line)?.[1] ?? 0) >= 50) console.error(`[eu-shop] ${line}`);
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let running = true;
  void exited.then(() => (running = false));

  async function ready() {
    const end = Date.now() + 60_000;
    while (running && Date.now() < end) {
      if (await answers()) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(running ? `[e2e] the EU shop did not answer ${health} within 60 s` : `[e2e] the EU shop exited before answering (code ${await exited})`);
  }

  async function stop() {
    if (running) {
      child.kill('SIGTERM');
      // Its graceful stop drains requests first; one that hangs is killed.
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    await stub.close();
  }
  return { ready, stop };
}
