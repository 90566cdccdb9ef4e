import { accessSync, constants, readFileSync, readdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { BOTH_ENGINES } from './apps/server/test/engines.ts';

/** /dev/shm when it is a writable directory (Linux), else nothing: the default temp folder. */
const memoryTmp = (() => {
  try {
    accessSync('/dev/shm', constants.W_OK);
    return '/dev/shm';
  } catch {
    return undefined;
  }
})();

/**
 * Unit tests, the web app's component tests (happy-dom), and the API tests: every file on SQLite,
 * and the files whose SQL or transactions can behave differently (apps/server/test/engines.ts,
 * ADR 0024) on PostgreSQL too, when TEST_DATABASE_URL is set (as in CI). Each API test file builds
 * the app on a fresh database: a copy of one migrated and seeded per run by the global setup.
 */
const serverProject = (engine: 'sqlite' | 'postgres') => ({
  test: {
    name: `api-${engine}`,
    include: engine === 'sqlite' ? ['apps/server/test/**/*.test.ts'] : BOTH_ENGINES.map((f) => `apps/server/test/${f}`),
    // Each file's SQLite database, data folder and the process-level tests' servers live in memory
    // (tmpfs) when the machine has one: fsync costs nothing there, and no test pulls the power
    // (ADR 0024). TMPDIR is read by os.tmpdir() here and in the servers the tests start.
    env: { TEST_ENGINE: engine, ...(memoryTmp ? { TMPDIR: memoryTmp } : {}) },
    // The migrated database files copy; the run's check of answers against the OpenAPI document.
    globalSetup: ['apps/server/test/helpers/db-templates.global-setup.ts', 'apps/server/test/helpers/response-check.global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks' as const,
    // A worker keeps its loaded modules from file to file: importing the server (fastify,
    // better-auth, kysely, pdfkit, …) into a fresh process cost seconds per file. Safe because the
    // server keeps no module-level state (metrics, caches, rate limits live on the app instance)
    // and these tests neither mock modules nor stub globals; each file still builds its own app.
    isolate: false,
  },
});

/**
 * The web app's component test files that mock modules (`vi.mock`): a mock replaces a module for
 * the whole worker, so these run each in a fresh module graph; the others share one worker's
 * loaded React, router and happy-dom modules from file to file (ADR 0024). Component tests stub
 * the network instead (apps/web/src/test/fake-api.tsx), so this list is empty today.
 */
const componentTests = readdirSync('apps/web/src', { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.test.tsx'))
  .map((f) => `apps/web/src/${f.split(path.sep).join('/')}`);
const mockingComponentTests = componentTests.filter((f) => readFileSync(f, 'utf8').includes('vi.mock('));

// The web app's `@/` imports, as in apps/web/vite.config.ts.
const webAlias = { '@': fileURLToPath(new URL('./apps/web/src', import.meta.url)) };

export default defineConfig({
  test: {
    // vitest's default is one worker fewer than the cores: a single worker on a 2-core CI machine,
    // where the API files spend much of their time waiting on PostgreSQL, fsync and timers.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // The console as before, plus each file's time per project for scripts/test.mjs's slowest list.
    reporters: ['default', ['./scripts/lib/vitest-file-times.mjs', { outputFile: 'test-reports/vitest-files.json' }]],
    projects: [
      {
        resolve: { alias: webAlias },
        test: { name: 'unit', include: ['packages/shared/src/**/*.test.ts', 'apps/web/src/**/*.test.ts'] },
      },
      // React components (`*.test.tsx`) rendered with Testing Library in happy-dom. A form typed
      // into key by key takes seconds while the API files keep both cores busy.
      {
        resolve: { alias: webAlias },
        test: {
          name: 'web-components',
          include: componentTests.filter((f) => !mockingComponentTests.includes(f)),
          environment: 'happy-dom',
          testTimeout: 15_000,
          isolate: false,
        },
      },
      {
        resolve: { alias: webAlias },
        test: { name: 'web-components-mocking', include: mockingComponentTests, environment: 'happy-dom', testTimeout: 15_000 },
      },
      serverProject('sqlite'),
      // Timed process-level checks of speed goals (`npm run test:stress`), never part of `npm test`.
      ...(process.env.STRESS === '1'
        ? [
            {
              test: {
                name: 'stress',
                include: ['apps/server/test/**/*.stress.ts'],
                env: { TEST_ENGINE: 'sqlite' },
                testTimeout: 120_000,
                hookTimeout: 300_000,
              },
            },
          ]
        : []),
      ...(process.env.TEST_DATABASE_URL ? [serverProject('postgres')] : []),
    ],
  },
});
