import { defineConfig } from '@playwright/test';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET, baseURL, e2ePort, oidcIssuer, smtpUrl } from './apps/web/e2e/support/e2e-env';

/**
 * Browser journeys against the production build (API + SPA in one process) on a fresh SQLite
 * database, in Debian's Chromium. globalSetup (e2e/support/global-setup.ts) starts a real SMTP
 * server that captures the app's mail (E2E_SMTP_URL, default port E2E_PORT+100; read it with
 * e2e/support/mailbox.ts) and a local OpenID provider standing in for Google (port E2E_PORT+200),
 * then makes the buyers and the admin the journeys start signed in as (e2e/support/users.ts). Meanwhile
 * it boots a second shop, an EU (German) seller whose VAT numbers are checked against a local stub,
 * on port E2E_PORT+1 (e2e/support/eu-shop.ts, for reverse-charge.spec.ts): this one stays a US seller.
 *
 * Two workers, every test on its own: journeys share one server and its demo catalogue, so none
 * changes what another counts on (own buyers, own products with new SKUs, counts read from the
 * API's answer to the page itself); see e2e/support/shop.ts.
 */
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'bulkparts-e2e-'));
process.env.E2E_DATA_DIR = dataDir;
export { baseURL };

/**
 * Debian's Chromium, as its headless shell when that package is installed (`chromium-headless-shell`,
 * the same Chromium build without the desktop browser around it; `.ci/run` installs it). It is
 * what Playwright itself runs headless with its own browsers; here it took the journeys from 233 s
 * to 185 s on this 2-core machine (ADR 0024). `CHROMIUM_PATH=/usr/bin/chromium` runs the full
 * browser, which `--headed` and `--debug` need.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const chromiumPath = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

export default defineConfig({
  testDir: 'apps/web/e2e',
  globalSetup: './apps/web/e2e/support/global-setup.ts',
  // Two workers on a shared 2-core machine: a journey may take twice its quiet time.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  // No retries: a flaky journey is fixed at its cause, not run again.
  retries: 0,
  // The console's list, and a JSON report for scripts/test.mjs.
  reporter: [['list'], ['json', { outputFile: 'test-reports/playwright.json' }]],
  use: {
    baseURL,
    // A failed journey keeps its trace (actions, console, network) and a screenshot of the end.
    // No screencast or DOM snapshot per action: recording them for every passing test was a
    // quarter of the run's browser time (ADR 0024).
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  webServer: {
    command: 'node apps/server/dist/server.js',
    url: `${baseURL}/api/service?limit=1`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      NODE_ENV: 'production',
      PORT: String(e2ePort),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ADMIN_EMAILS: 'admin@bulkparts.test',
      SMTP_URL: smtpUrl,
      GOOGLE_CLIENT_ID,
      GOOGLE_CLIENT_SECRET,
      GOOGLE_ISSUER: oidcIssuer,
      PUBLIC_URL: baseURL,
      // Every journey signs up its own buyers from this one address.
      SIGNUPS_PER_IP_PER_HOUR: '1000',
      // ...and signs them in: better-auth's per-address sign-in guard (60) restarts only after a
      // quiet minute, which a run never has.
      SIGNINS_PER_IP_PER_MINUTE: '1000',
      // The webhook journey's receiver listens on 127.0.0.1, which the shop refuses otherwise.
      WEBHOOKS_ALLOW_PRIVATE: 'true',
    },
  },
});
