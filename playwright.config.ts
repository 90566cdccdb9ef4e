import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Browser journeys against the production build (API + SPA in one process) on a fresh SQLite
 * database, in Debian's Chromium. Mail goes to a test SMTP server started by the tests (see
 * e2e/support/mail-server.ts) when SMTP_URL is set by them.
 */
const port = Number(process.env.E2E_PORT ?? 5100);
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'bulkparts-e2e-'));
process.env.E2E_DATA_DIR = dataDir;
export const baseURL = `http://localhost:${port}`;

export default defineConfig({
  testDir: 'apps/web/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
    },
  },
  webServer: {
    command: 'node apps/server/dist/server.js',
    url: `${baseURL}/api/service?limit=1`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      NODE_ENV: 'production',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ADMIN_EMAILS: 'admin@bulkparts.test',
      SMTP_URL: process.env.E2E_SMTP_URL ?? 'smtp://127.0.0.1:5125',
      PUBLIC_URL: baseURL,
    },
  },
});
