import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * Unit tests, the web app's component tests (happy-dom), and the API tests twice: on SQLite
 * (always) and on PostgreSQL (when TEST_DATABASE_URL is set, as in CI). Each API test file builds
 * the app on a fresh database: a copy of one migrated per run by the global setup (see there).
 */
const serverProject = (engine: 'sqlite' | 'postgres') => ({
  test: {
    name: `api-${engine}`,
    include: ['apps/server/test/**/*.test.ts'],
    env: { TEST_ENGINE: engine },
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

// The web app's `@/` imports, as in apps/web/vite.config.ts.
const webAlias = { '@': fileURLToPath(new URL('./apps/web/src', import.meta.url)) };

export default defineConfig({
  test: {
    // vitest's default is one worker fewer than the cores: a single worker on a 2-core CI machine,
    // where the API files spend much of their time waiting on PostgreSQL, fsync and timers.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        resolve: { alias: webAlias },
        test: { name: 'unit', include: ['packages/shared/src/**/*.test.ts', 'apps/web/src/**/*.test.ts'] },
      },
      {
        // React components (`*.test.tsx`) rendered with Testing Library in happy-dom.
        resolve: { alias: webAlias },
        test: { name: 'web-components', include: ['apps/web/src/**/*.test.tsx'], environment: 'happy-dom' },
      },
      serverProject('sqlite'),
      ...(process.env.TEST_DATABASE_URL ? [serverProject('postgres')] : []),
    ],
  },
});
